// User-facing texts in this language. Ids are stable; placeholders are {name}.
// A test checks that every catalog has exactly the ids and placeholders of catalog_en.cpp.
// Japanese: テイント, トレレーション (許容する), 拡張リソース, アドバタイズ, スケジューラー, ノード, Pod,
// Namespace, マニフェスト, 関門, ステップ N. Half-width spaces separate Latin words from Japanese text
// so that commands and names stay easy to copy and the table wraps between words.
#include "catalog.h"

namespace gpuwhy::i18n {

namespace {

// A table at namespace scope, not a function body: the texts are data.
constexpr CatalogEntry kEntries[] = {
    {"check.step1.gpu-labels.explain",
     "{node} に "
     "nvidia.com/gpu.present=true、nvidia.com/gpu.product=NVIDIA-A100-SXM4-40GB、nvidia.com/gpu.count=2、nvidia.com/"
     "gpu.deploy.device-plugin=true "
     "が、書かれたとおりの値で（大文字と小文字を区別して）付いていることを確認します。{part_why}実際のクラスターでは "
     "gpu-feature-discovery がこれらのラベルを付け、GPU Operator はそれを見てどのノードで DaemonSet "
     "を動かすかを決めます。{part_mistakes}よくある間違い: 別のノードにラベルを付ける、キーのタイプミス、true "
     "ではなく True と書く。"},
    {"check.step1.gpu-labels.look",
     "`kubectl get node {node} -L "
     "nvidia.com/gpu.present,nvidia.com/gpu.product,nvidia.com/gpu.count,nvidia.com/gpu.deploy.device-plugin` で 4 "
     "つの値が列に並びます。どれも書かれたとおりでなければなりません。"},
    {"check.step1.gpu-labels.title", "{node} に 4 つの GPU ラベルが付いている"},
    {"check.step1.namespace.explain",
     "Namespace {namespace} が存在し、Active であることを確認します。{part_why}演習の Pod はすべてこの Namespace "
     "に置かれ、gpuwhy はこの Namespace の Pod とイベントだけを読みます。{part_mistakes}よくある間違い: Namespace "
     "を作っていない、または -n {namespace} を付け忘れて Pod を default Namespace に作ってしまう。"},
    {"check.step1.namespace.look", "`kubectl get namespace {namespace}` の `STATUS` が `Active` であること。"},
    {"check.step1.namespace.title", "Namespace {namespace} が存在する"},
    {"check.step1.other-nodes-clean.explain",
     "{node} 以外のノードに、nvidia.com/gpu.* の 4 つのラベルキーがどれも付いていないことを確認します。{part_why}CPU "
     "ノードにこのラベルがあると、GPU ワークロード（とステップ 5 の cpu-only Pod）が GPU "
     "のないノードに引き寄せられます。{part_mistakes}よくある間違い: すべてのノードにまとめてラベルを付ける、先に "
     "lab-node-1 に付けて外し忘れる（ラベルは kubectl label node NAME KEY- で外せます）。"},
    {"check.step1.other-nodes-clean.look",
     "`kubectl get nodes -L "
     "nvidia.com/gpu.present,nvidia.com/gpu.product,nvidia.com/gpu.count,nvidia.com/gpu.deploy.device-plugin`: 4 "
     "つのラベル列に値があるのは {node} だけのはずです。"},
    {"check.step1.other-nodes-clean.title", "ほかのノードには GPU ラベルが付いていない"},
    {"check.step2.advertised-file.explain",
     "out/advertised.txt "
     "にクラスターの全ノードの名前があり、各ノードが今アドバタイズしている量が示されていることを確認します: {node} は "
     "2、ほかは <none>、空、または 0。表、custom-columns、jsonpath、JSON、YAML、kubectl describe "
     "のどの出力も受け付けます。{part_mistakes}よくある間違い: シェルが nvidia\\.com/gpu "
     "のバックスラッシュを消したために全行が <none> になる（-o "
     "の引数全体をクォートしてください）、ノード名を出さずに数値だけを出力する jsonpath。 "
     "{part_what}ヘッダーの大文字小文字（Name/Gpu）、任意の区切り（タブ、=、:、空白）の "
     "jsonpath、出力の上のプロンプトやコメント行も同じに読みます。{part_mistakes}ノードが今 2 "
     "を広告しているのにすべての行が <none> なら、ステップ 2 のパッチ前に保存したものです。保存し直してください。"},
    {"check.step2.advertised-file.look",
     "`kubectl get nodes -o custom-columns='NAME:.metadata.name,GPU:.status.capacity.nvidia\\.com/gpu'` "
     "で各ノードが今広告している量がわかります。`cat out/advertised.txt` も同じはずです。"},
    {"check.step2.advertised-file.title", "out/advertised.txt に全ノードの GPU 量がある"},
    {"check.step2.allocatable.explain",
     "{node} の status.allocatable[\"{resource}\"] を確認します。{part_why}スケジューラーは capacity ではなく "
     "allocatable を基準に Pod を配置します。capacity が 2 でも allocatable の項目がなければ、そのノードは GPU "
     "をまったく提供せず、GPU Pod はすべて Pending "
     "のままになります。{part_mistakes}これがこのステップの典型的な間違いです: /status/capacity/nvidia.com~1gpu と "
     "/status/allocatable/nvidia.com~1gpu の両方をパッチしてください。"},
    {"check.step2.allocatable.look",
     "`kubectl get node {node} -o jsonpath='{.status.allocatable.nvidia\\.com/gpu}'` が 2 "
     "を出力すること。何も出なければ allocatable の項目がありません。"},
    {"check.step2.allocatable.title", "{node} の allocatable が {resource}: 2"},
    {"check.step2.capacity.explain",
     "{node} の status.capacity[\"{resource}\"] を確認します。{part_why}拡張リソースは、デバイスプラグインがノードの "
     "status に書き込む数値です。ここでは kubectl patch node {node} --subresource=status と JSON ポインター "
     "/status/capacity/nvidia.com~1gpu を使い、自分でデバイスプラグインの役を務めます。{part_mistakes}よくある間違い: "
     "--subresource=status を付けずにノードオブジェクトをパッチする（変更は黙って捨てられます）、JSON ポインターで "
     "{resource} をエスケープせずに書く。"},
    {"check.step2.capacity.look",
     "`kubectl get node {node} -o jsonpath='{.status.capacity.nvidia\\.com/gpu}'` が 2 を出力すること。"},
    {"check.step2.capacity.title", "{node} の capacity が {resource}: 2"},
    {"check.step2.other-nodes.explain",
     "{node} 以外のノードが {resource} をアドバタイズしていない（capacity と allocatable にないか "
     "0）ことを確認します。{part_why}そうでないと trainer が GPU のないノードに配置されかねず、ステップ 4 "
     "の要点（リソースだけで {node} が選ばれる）が成り立ちません。{part_mistakes}よくある間違い: "
     "別のノードをパッチする。"},
    {"check.step2.other-nodes.look",
     "`kubectl get nodes -o "
     "custom-columns='NAME:.metadata.name,CAPACITY:.status.capacity.nvidia\\.com/"
     "gpu,ALLOCATABLE:.status.allocatable.nvidia\\.com/gpu'`: {node} 以外はすべて <none> か 0 のはずです。"},
    {"check.step2.other-nodes.title", "ほかのノードは {resource} をアドバタイズしていない"},
    {"check.step3.apiserver-rejects.explain",
     "gpuwhy は両方のマニフェストを稼働中の apiserver にサーバーサイドの dry-run "
     "作成として送り（何も作成されません）、それぞれが自分のルールによって 422 Invalid で拒否されることを確認します: "
     "bad-mismatch は \"must be equal to {resource} limit\"、bad-fraction は \"must be an integer\"。apiserver "
     "が受け付けたマニフェストは不合格です。gpuwhy に {namespace} で Pod "
     "を作成する権限がない場合、このチェックは不合格ではなくエラーになります。"},
    {"check.step3.apiserver-rejects.look",
     "`kubectl apply --dry-run=server -f k8s/bad-mismatch.yaml -f k8s/bad-fraction.yaml` は何も作らずに apiserver "
     "に問い合わせます。どちらも invalid として拒否されるはずです。"},
    {"check.step3.apiserver-rejects.title", "apiserver が不正なマニフェストを各ルールで拒否する"},
    {"check.step3.fraction-manifest.explain",
     "k8s/bad-fraction.yaml が、0.5、500m、1.5 のような整数でない {resource} の量を要求する Pod "
     "であることを確認します。{part_why}"
     "デバイスは分割できない単位で割り当てられるため、拡張リソースは整数でなければなりません。このマニフェストは、apise"
     "rver "
     "がそれを拒否する様子を見るためのものです。{part_mistakes}よくある間違い: ここに整数を書く、GPU ではなく cpu "
     "を小数にする。"},
    {"check.step3.fraction-manifest.look",
     "`kubectl apply --dry-run=server -f k8s/bad-fraction.yaml` の答えに \"must be an integer\" が含まれること。"},
    {"check.step3.fraction-manifest.title", "k8s/bad-fraction.yaml が GPU を小数で要求する"},
    {"check.step3.mismatch-manifest.explain",
     "k8s/bad-mismatch.yaml が、コンテナの requests と limits の両方に {resource} を異なる整数で書いた Pod "
     "であることを確認します。{part_why}拡張リソースはオーバーコミットできないため、apiserver は requests と limits "
     "が等しいことを求めます。このマニフェストは、そのルールが拒否する様子を見るためのものです。{part_mistakes}"
     "よくある間違い: "
     "limits だけを書く（requests は limits からコピーされ、Pod "
     "は有効になります）、小数を使う（それはもう一方のルールです）。"},
    {"check.step3.mismatch-manifest.look",
     "`kubectl apply --dry-run=server -f k8s/bad-mismatch.yaml` の答えに \"must be equal to {resource} limit\" "
     "が含まれること。"},
    {"check.step3.mismatch-manifest.title", "k8s/bad-mismatch.yaml が requests == limits に違反する"},
    {"check.step3.not-created.explain",
     "2 つの不正なマニフェストの名前（metadata.name）を持つ Pod が {namespace} "
     "に存在しないことを確認します。{part_why}どちらのルールも apiserver "
     "が強制するので、正しく「不正な」マニフェストが Pod になることはありません。{part_mistakes}よくある間違い: "
     "適用できるまで不正なマニフェストを「直して」しまう。それではこのステップの意味がなくなります。"},
    {"check.step3.not-created.look",
     "`kubectl -n {namespace} get pods` の一覧に、`grep name: k8s/bad-*.yaml` が表示する名前がどちらもないこと。"},
    {"check.step3.not-created.title", "不正な Pod はどちらも存在しない"},
    {"check.step3.rejected-file.explain",
     "out/rejected.txt に apiserver の拒否が両方入っていることを確認します: \"must be equal to {resource} limit\" "
     "を含むものと、{resource} フィールドに対する \"must be an integer\" を含むもの。{part_look}kubectl "
     "はエラーを標準エラー出力に書くので 2>&1 で受け取り、2 つ目は >> "
     "で追記してください。{part_mistakes}よくある間違い: 空のファイル（標準出力しか受け取っていない）、2 "
     "つ目のメッセージしかないファイル（> が 1 つ目を上書きした）。 {part_what}二つの拒否はどちらの順でも、どの "
     "kubectl "
     "の形（apply、create、二つのファイルを一つのコマンドで、--dry-run="
     "server、前後のプロンプト）でも構いません。各メッセージは自分が示すルールとして数えます。limit "
     "1 に request 0.5 は両方のルールで拒否され、整数ルールの拒否として数えます。"},
    {"check.step3.rejected-file.look",
     "`grep -c 'must be' out/rejected.txt` で 2 つのメッセージが数えられること（2 以上）。"},
    {"check.step3.rejected-file.title", "out/rejected.txt に拒否メッセージが 2 つある"},
    {"check.step4.manifest.explain",
     "k8s/trainer.yaml が Pod trainer で、{resource}: 1 を requests ではなく limits "
     "だけに書き、nodeSelector、nodeName、affinity がないことを確認します。{part_why}このステップの要点は、apiserver "
     "が limits から requests を補うこと、そしてリソースだけでスケジューラーが {node} "
     "を選ぶことです。{part_mistakes}よくある間違い: requests も書く、nodeSelector で Pod を固定する。"},
    {"check.step4.manifest.look",
     "`grep -nE 'requests|limits|nodeSelector|nodeName|affinity' k8s/trainer.yaml` の結果に {resource}: 1 を含む "
     "limits だけがあり、ほかの語はないこと。"},
    {"check.step4.manifest.title", "k8s/trainer.yaml が limits だけで GPU を 1 つ要求する"},
    {"check.step4.placed-by-scheduler.explain",
     "クラスター上の trainer Pod が、スケジューラーによって {node} に配置されたことを確認します: マニフェストに "
     "nodeName がなく、Pod に nodeSelector も affinity もなく、PodScheduled が True。{part_why}{resource} "
     "をアドバタイズしているのは {node} だけなので、スケジューラーの選択肢は 1 つです。{part_mistakes}よくある間違い: "
     "nodeName を指定する（スケジューラーを素通りします）、nodeSelector を指定する（要点が見えなくなります）。trainer "
     "が Pending なら、たいてい allocatable をパッチしていません。 "
     "{part_what}別のスケジューラーを指定した（spec.schedulerName）、またはイベントはあるのに default-scheduler の "
     "Scheduled イベントがない Pod は手で（Binding で）バインドされたものとして不合格です。イベントがすべて期限切れの "
     "Pod は PodScheduled だけで判断します。 ファイルから nodeName の行を消しても、nodeName 付きで作った Pod "
     "は失敗します: managedFields に、spec.nodeName を設定したのが kube-scheduler "
     "ではなくクライアントだと残っています。"},
    {"check.step4.placed-by-scheduler.look",
     "`kubectl -n {namespace} get pod trainer -o wide` の `NODE` が {node} で、kubectl -n {namespace} get events "
     "--field-selector involvedObject.name=trainer,reason=Scheduled に default-scheduler の Scheduled "
     "イベントが出ること。"},
    {"check.step4.placed-by-scheduler.title", "スケジューラーが trainer を {node} に配置した"},
    {"check.step4.requests-defaulted.explain",
     "クラスター上の trainer Pod の requests と limits がともに {resource} = 1 "
     "であることを確認します。{part_why}拡張リソースでは、requests が書かれていなければ apiserver が limits "
     "の値をコピーします。{part_look}kubectl -n {namespace} get pod trainer -o yaml "
     "で確かめられます。{part_mistakes}よくある間違い: 別の量を要求する、あるいは GPU をまったく要求しない trainer "
     "Pod。"},
    {"check.step4.requests-defaulted.look",
     "`kubectl -n {namespace} get pod trainer -o jsonpath='{.spec.containers[0].resources}'` "
     "はその部分だけを出力します。requests と limits がどちらも {resource} 1 であること。"},
    {"check.step4.requests-defaulted.title", "trainer の requests が {resource}: 1 で補われた"},
    {"check.step5.cpu-only-pending.explain",
     "cpu-only がノードを持たず、Pending で PodScheduled が False/Unschedulable "
     "であり、スケジューラーのメッセージがリソースではなくテイント（untolerated "
     "taint）を理由にしていることを確認します。{part_why}"
     "このメッセージを読み取ることが、この演習で身につけるスキルです: "
     "理由がテイントなら、GPU "
     "ではなくテイントとトレレーションを見るべきだということです。{part_mistakes}よくある間違い: "
     "テイントがない（cpu-only がスケジュールされる）、cpu-only にトレレーションを付ける。"},
    {"check.step5.cpu-only-pending.look",
     "`kubectl -n {namespace} get pod cpu-only -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'` のメッセージが Insufficient {resource} "
     "ではなく untolerated taint を挙げること。"},
    {"check.step5.cpu-only-pending.title", "cpu-only がテイントのせいで Pending になっている"},
    {"check.step5.cpu-only-spec.explain",
     "k8s/cpu-only.yaml とクラスター上の cpu-only Pod を確認します: {resource} の request も limit "
     "もなく、nodeSelector が nvidia.com/gpu.present: \"true\" "
     "で、テイントに対するトレレーションがなく、ほかに GPU "
     "ノードから遠ざけるもの（nodeName、スケジューリングゲート、そのノードを除外するノードアフィニティ、そのノードの "
     "Pod のために満たせない Pod (アンチ)アフィニティ、そのノードで守れない分散の条件）もないこと。"
     "{part_why}この Pod はテイントの役割を示します: GPU "
     "ノードを狙う普通のワークロードを、そのノードから締め出すことです。{part_mistakes}よくある間違い: nodeSelector "
     "の true をクォートしない、trainer2 のトレレーションをコピーしてしまう。"},
    {"check.step5.cpu-only-spec.look",
     "`kubectl -n {namespace} get pod cpu-only -o jsonpath='{.spec.nodeSelector} {.spec.tolerations} "
     "{.spec.containers[*].resources}'` の結果に nodeSelector と既定の NoExecute トレレーション 2 "
     "つだけがあり、{resource} がないこと。"},
    {"check.step5.cpu-only-spec.title", "cpu-only は GPU もトレレーションも持たずに GPU ノードを狙う"},
    {"check.step5.taint.explain",
     "{node} にキー {resource}、値 present、エフェクト NoSchedule のテイントがあり、ほかのノードには {resource} "
     "のテイントがないことを確認します。{part_why}テイントは、高価な GPU ノードをそれを許容する Pod "
     "のために予約します。{part_mistakes}よくある間違い: NoExecute（trainer のような実行中の Pod "
     "を退避させます）、別の値、別のノードにテイントを付ける。"},
    {"check.step5.taint.look",
     "`kubectl describe node {node} | grep Taints` が {taint} を示し、kubectl get nodes -o "
     "custom-columns='NAME:.metadata.name,TAINTS:.spec.taints[*].key' でほかのノードにはないこと。"},
    {"check.step5.taint.title", "{node} にテイント {taint}"},
    {"check.step5.tainted-file.explain",
     "out/tainted.txt に、テイントを理由とし Insufficient {resource} を含まないスケジューラーのメッセージ（\"N/M "
     "nodes are available: ...\"）があり、その理由が cpu-only の現在の PodScheduled "
     "メッセージと一致することを確認します（preemption の部分は違っていてもかまいません）。{part_look}kubectl -n "
     "{namespace} get pod cpu-only -o jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}' "
     "で取り出せます。{part_mistakes}よくある間違い: ここに trainer3 のメッセージを保存する、空のファイル。 "
     "{part_what}メッセージはどの kubectl の出力から保存しても構いません（jsonpath、-o yaml、-o json、describe "
     "pod、get events）。ファイルのすべてのメッセージを見るため、Insufficient {resource} "
     "のメッセージも入っていれば不合格です。"},
    {"check.step5.tainted-file.look",
     "今のメッセージとファイルを並べて見てください: `kubectl -n {namespace} get pod cpu-only -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'`; `cat out/tainted.txt`"},
    {"check.step5.tainted-file.title", "out/tainted.txt に cpu-only のテイントメッセージがある"},
    {"check.step5.trainer-not-evicted.explain",
     "テイントより前に作った trainer が、今も {node} に配置されて動いていることを確認します。{part_why}NoSchedule "
     "は新しい Pod を寄せ付けないだけで、NoExecute なら trainer "
     "は退避させられていました。{part_mistakes}よくある間違い: NoExecute でテイントを付ける、場所を空けるために "
     "trainer を削除する。"},
    {"check.step5.trainer-not-evicted.look",
     "`kubectl -n {namespace} get pod trainer -o wide` の `STATUS` が `Running`、`NODE` が {node} であること。"},
    {"check.step5.trainer-not-evicted.title", "trainer は {node} で動き続けている"},
    {"check.step6.gate-kept.explain",
     "{taint} テイントが {node} に残り、cpu-only が Pending のままであることを確認します。{part_why}Pod "
     "を通すためにテイントを消すと、GPU ノードを予約した意味がなくなります。{part_mistakes}よくある間違い: Pending の "
     "Pod を「直す」ために kubectl taint node {node} nvidia.com/gpu- を実行する。"},
    {"check.step6.gate-kept.look",
     "`kubectl get node {node} -o jsonpath='{.spec.taints}'` に taint がまだあり、`kubectl -n {namespace} get pod "
     "cpu-only` がまだ Pending であること。"},
    {"check.step6.gate-kept.title", "テイントは残り、cpu-only は Pending のまま"},
    {"check.step6.gpu.explain",
     "k8s/trainer2.yaml とクラスター上の trainer2 Pod を確認します: requests と limits の {resource} = "
     "1。{part_why}trainer2 はリソースの関門とテイントの関門、2 "
     "つの関門を両方とも通過しなければなりません。{part_mistakes}よくある間違い: "
     "トレレーションを足すときにリソースの指定を忘れる。"},
    {"check.step6.gpu.look",
     "`kubectl -n {namespace} get pod trainer2 -o jsonpath='{.spec.containers[*].resources}'` の requests と limits が "
     "{resource} 1 であること。"},
    {"check.step6.gpu.title", "trainer2 が GPU を 1 つ要求する"},
    {"check.step6.placed.explain",
     "trainer2 がスケジューラーによって {node} に配置されたことを確認します（マニフェストに nodeName "
     "がなく、PodScheduled が True）。{part_why}トレレーションがあり GPU "
     "の枠が空いていれば、スケジューラーは配置できます。{part_mistakes}よくある間違い: "
     "一致しないトレレーション（trainer2 が Pending のまま）、マニフェストの nodeName。 {part_what}ファイルから "
     "nodeName の行を消しても、nodeName 付きで作った Pod は失敗します: managedFields に、spec.nodeName を設定したのが "
     "kube-scheduler ではなくクライアントだと残っています。"},
    {"check.step6.placed.look",
     "`kubectl -n {namespace} get pod trainer2 -o wide` の `NODE` が {node} で、kubectl -n {namespace} get events "
     "--field-selector involvedObject.name=trainer2,reason=Scheduled に default-scheduler の Scheduled "
     "イベントが出ること。"},
    {"check.step6.placed.title", "スケジューラーが trainer2 を {node} に配置した"},
    {"check.step6.toleration.explain",
     "trainer2 がテイントに対するトレレーションを持つことを確認します: キー {resource} で、operator Equal と値 "
     "present、または operator Exists、エフェクトは NoSchedule か空。キーなしで operator Exists "
     "のトレレーションはあらゆるテイントを許容するため、範囲が広すぎます。apiserver がすべての Pod に付ける 300 秒の "
     "NoExecute トレレーション 2 つは無視します。{part_mistakes}よくある間違い: present ではなく値 "
     "true、一致しないエフェクト。"},
    {"check.step6.toleration.look",
     "`kubectl -n {namespace} get pod trainer2 -o jsonpath='{.spec.tolerations}'` の結果を `kubectl get node {node} -o "
     "jsonpath='{.spec.taints}'` と並べてください。key、value（または Exists）、effect が一致すること。"},
    {"check.step6.toleration.title", "trainer2 は GPU テイントだけを正確に許容する"},
    {"check.step7.exhausted-file.explain",
     "out/exhausted.txt に、Insufficient {resource} "
     "を含みテイントの理由を含まないスケジューラーのメッセージがあり、その理由が trainer3 "
     "の現在のメッセージと一致することを確認します（preemption "
     "の部分は違っていてもかまいません）。{part_why}out/tainted.txt "
     "と並べて比べてみてください。その違いが、次に見るべき場所を教えてくれます。{part_mistakes}よくある間違い: ここに "
     "cpu-only のメッセージを保存する、空のファイル。 {part_what}どの kubectl "
     "の出力の形でもよく、ファイルのすべてのメッセージを読みます（テイントのメッセージが並んでいれば不合格）。前提が今"
     "も成り立つ必要があります: "
     "trainer と trainer2 が {node} で動き、割り当て可能な GPU をすべて使っていること。"},
    {"check.step7.exhausted-file.look",
     "今のメッセージとファイルを並べて見てください: `kubectl -n {namespace} get pod trainer3 -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'`; `cat out/exhausted.txt`"},
    {"check.step7.exhausted-file.title", "out/exhausted.txt に trainer3 の Insufficient メッセージ"},
    {"check.step7.pending-insufficient.explain",
     "trainer3 がノードを持たず、Pending で PodScheduled が False であり、スケジューラーのメッセージに Insufficient "
     "{resource} があってテイントを理由にしていないことを確認します。{part_why}GPU の枠 2 つは trainer と trainer2 "
     "が使い切っているので、理由がテイントからリソースに変わります。{part_mistakes}よくある間違い: trainer3 "
     "にトレレーションがない（またテイントが理由になる）、枠が空いている（trainer3 がスケジュールされる）。 "
     "{part_what}前提をライブで確認します: trainer と trainer2 が {node} にバインドされ、割り当て可能な GPU "
     "をすべて使用（USED = ALLOCATABLE > 0）。allocatable がない（capacity だけ）なら trainer3 "
     "は別の理由で待っており、ヒントはステップ 2 を指します。"},
    {"check.step7.pending-insufficient.look",
     "`kubectl -n {namespace} get pod trainer3 -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'` が Insufficient {resource} "
     "を示し、`kubectl describe node {node} | grep -A8 'Allocated resources'` で GPU がすべて使用中であること。"},
    {"check.step7.pending-insufficient.title", "trainer3 は Insufficient {resource} で Pending"},
    {"check.step7.same-as-trainer2.explain",
     "k8s/trainer3.yaml とクラスター上の trainer3 "
     "が、コンテナ（image、resources）、tolerations、nodeSelector、affinity、そしてスケジューラーが読むほかのすべての"
     "フィールド（init コンテナー、schedulerName、優先度、スケジューリングゲート、nodeName など）で trainer2 "
     "と一致し、名前だけが違うことを確認します。{part_why}ほかをすべて同じにしておくからこそ、新しい Pending "
     "の理由に意味が出ます。{part_mistakes}よくある間違い: トレレーションを落とし、テイントの理由が戻ってくる。"},
    {"check.step7.same-as-trainer2.look",
     "`diff <(kubectl -n {namespace} get pod trainer2 -o "
     "jsonpath='{.spec.containers}{.spec.tolerations}{.spec.nodeSelector}{.spec.affinity}') <(kubectl -n {namespace} "
     "get pod trainer3 -o jsonpath='{.spec.containers}{.spec.tolerations}{.spec.nodeSelector}{.spec.affinity}')` "
     "が何も出力しないこと。"},
    {"check.step7.same-as-trainer2.title", "trainer3 は名前だけが違う trainer2"},
    {"check.step8.allocatable.explain",
     "ALLOCATABLE が {node} の現在の allocatable {resource} "
     "と等しいことを確認します。{part_look}演習の本文から写さず、クラスターから数えてください（kubectl get node "
     "{node} -o jsonpath=...）。"},
    {"check.step8.allocatable.look",
     "`kubectl get node {node} -o jsonpath='{.status.allocatable.nvidia\\.com/gpu}'` が ALLOCATABLE "
     "に書くべき数を出力します。"},
    {"check.step8.allocatable.title", "ALLOCATABLE がクラスターと一致する"},
    {"check.step8.format.explain",
     "out/gate-report.txt が空でない行ちょうど 7 行からなり、各行が KEY=VALUE または KEY: VALUE "
     "で、ALLOCATABLE、USED、PENDING、TAINT、REQUESTS_EQUAL_LIMITS、FRACTIONAL、SCHEDULER_SEES が順不同で 1 "
     "回ずつあることを確認します。{part_mistakes}よくある間違い: キーのつづり間違い、同じキーを 2 "
     "回書く、コメント行を足す。"},
    {"check.step8.format.look",
     "`grep -cv '^[[:space:]]*$' out/gate-report.txt` が 7 を出力し、`grep -oE '^[A-Z_]+' out/gate-report.txt | sort | "
     "uniq -d` が何も出力しないこと。"},
    {"check.step8.format.title", "out/gate-report.txt が 7 行になっている"},
    {"check.step8.fractional.explain",
     "FRACTIONAL が否定の 1 語（no、false、rejected、forbidden、invalid、denied、불가、거절、금지、いいえ、不可 "
     "...）であることを確認します。ステップ 3 で見たとおり、拡張リソースは整数でなければなりません。"},
    {"check.step8.fractional.look",
     "`kubectl apply --dry-run=server -f k8s/bad-fraction.yaml` で、FRACTIONAL がまとめる apiserver "
     "の答えがわかります。"},
    {"check.step8.fractional.title", "FRACTIONAL が「小数は不可」と答えている"},
    {"check.step8.pending.explain",
     "PENDING が、今 {namespace} でフェーズが Pending の Pod "
     "の数と等しいことを確認します。{part_mistakes}よくある間違い: kubectl -n {namespace} get pods "
     "で数えずに、記憶で書いた数。"},
    {"check.step8.pending.look",
     "`kubectl -n {namespace} get pods --field-selector=status.phase=Pending --no-headers | wc -l` が PENDING "
     "に書くべき数を出力します。"},
    {"check.step8.pending.title", "PENDING がクラスターと一致する"},
    {"check.step8.requests-equal-limits.explain",
     "REQUESTS_EQUAL_LIMITS が肯定の 1 語（yes、true、required、must、equal、same、예、네、필수、같음、はい、必須 "
     "...）であることを確認します。ステップ 3 で見たとおり、拡張リソースでは requests と limits "
     "が等しくなければなりません。 語尾の付いた韓国語・日本語の形（같아야 "
     "함、必須です、一致）と全角文字も認めます。答えの後の説明は構いません（はい（同じであること））。「はい」と「いい"
     "え」が両方ある答え（yes/no、n/a）はあいまいとして不合格です。"},
    {"check.step8.requests-equal-limits.look",
     "`kubectl apply --dry-run=server -f k8s/bad-mismatch.yaml` で、REQUESTS_EQUAL_LIMITS がまとめる apiserver "
     "の答えがわかります。"},
    {"check.step8.requests-equal-limits.title", "REQUESTS_EQUAL_LIMITS が「等しいこと」と答えている"},
    {"check.step8.scheduler-sees.explain",
     "SCHEDULER_SEES が数値を指していること（number、numbers、count、quantity、allocatable、숫자、数 "
     "...）を確認します。{part_why}スケジューラーはデバイスを一切見ず、ノードの status "
     "に書かれた数値だけを見ます。だからこそ GPU のないこの演習でも、status "
     "をパッチするだけで足りたのです。{part_what}devices、gpu、hardware のような答えは不合格です。"},
    {"check.step8.scheduler-sees.look",
     "`kubectl get node {node} -o jsonpath='{.status.allocatable}'` が、スケジューラーがノードの GPU "
     "について知っているすべてです。"},
    {"check.step8.scheduler-sees.title", "SCHEDULER_SEES が「数値」と答えている"},
    {"check.step8.taint.explain",
     "TAINT が、{node} の現在の {resource} テイントを key=value:Effect の形で書いたもの（例: "
     "{taint}）と等しいことを確認します。{part_mistakes}よくある間違い: "
     "順序が違う、エフェクトが抜けている、もうノードにないテイントを書く。"},
    {"check.step8.taint.look",
     "`kubectl describe node {node} | grep Taints` が TAINT と同じ key=value:Effect の形で taint を出力します。"},
    {"check.step8.taint.title", "TAINT が {node} のテイントと一致する"},
    {"check.step8.used.explain",
     "USED が、{node} に配置されていてまだ終了していない Pod が要求する {resource} "
     "の合計と等しいことを確認します。数え方はスケジューラーと同じです（Pod ごとに、コンテナの合計と最大の init "
     "コンテナのうち大きいほう）。gpuwhy から見えるのは {namespace} の Pod だけです。{part_mistakes}よくある間違い: "
     "ノードを持たない Pending の Pod まで数える。"},
    {"check.step8.used.look",
     "`kubectl -n {namespace} get pods --field-selector=spec.nodeName={node} -o "
     "custom-columns='NAME:.metadata.name,PHASE:.status.phase,GPU:.spec.containers[*].resources.requests.nvidia\\.com/"
     "gpu'`: `Succeeded` でも `Failed` でもない Pod の GPU 列を足してください。"},
    {"check.step8.used.title", "USED がクラスターと一致する"},
    {"cli.app", "gpuwhy: 演習「GPU Pod が Pending のままなのはなぜか」を採点します"},
    {"cli.check", "演習を採点します: 作業ディレクトリのファイルと稼働中のクラスター"},
    {"cli.error.bad-step", "--step {step}: 演習のステップは 1 から {steps} までです"},
    {"cli.error.more-info", "詳しくは --help を付けて実行してください。"},
    {"cli.error.lang",
     "--lang {value}: その言語はありません。en、ko、ja のいずれかを使ってください(kr と jp は ko と ja "
     "として受け付けます)"},
    {"cli.error.did-you-mean", "「{suggestion}」のことですか？"},
    {"cli.error.unknown-command", "\"{command}\": 不明なコマンドです（コマンド: {commands}）"},
    {"cli.error.no-such-check", "\"{id}\": そのようなチェックはありません（`gpuwhy list` を参照）"},
    {"cli.error.unknown-check", "--check \"{id}\": そのようなチェックはありません（`gpuwhy list` を参照）"},
    {"cli.error.unknown-format", "--format \"{format}\": 不明な形式です"},
    {"cli.explain", "チェックやステップを説明します: 何を確認するか、なぜ大切か、自分で確かめるには、よくある間違い"},
    {"cli.group.options", "オプション"},
    {"cli.group.input", "入力"},
    {"cli.group.cluster", "クラスター"},
    {"cli.group.output", "出力"},
    {"cli.group.subcommands", "サブコマンド"},
    {"cli.help", "このヘルプを表示して終了します"},
    {"cli.label.options", "オプション"},
    {"cli.label.positionals", "位置引数"},
    {"cli.label.required", "必須"},
    {"cli.label.subcommand", "サブコマンド"},
    {"cli.label.subcommands", "サブコマンド"},
    {"cli.label.usage", "使い方"},
    {"cli.list", "全チェックを一覧表示します: ID、ステップ、タイトル、配点"},
    {"cli.opt.bundle-output", "書き出すバンドルファイル（既定: 標準出力）"},
    {"cli.opt.check", "このチェック ID だけを採点します（複数指定可）"},
    {"cli.opt.check-id",
     "チェック ID（step2.allocatable）、ステップ（2 または step2）、または 1 つの ID の一部（capacity）"},
    {"cli.opt.color", "auto、always、never のいずれか"},
    {"cli.opt.context", "使用する kubeconfig コンテキストの名前"},
    {"cli.opt.dir", "作業ディレクトリ（既定: k8s/ か out/ があれば .、なければ /root/gpuwhy）"},
    {"cli.opt.format", "レポート形式: {formats}"},
    {"cli.opt.hide-expected", "期待値を省きます（締め切り前に見せても安全）"},
    {"cli.opt.jobs", "バッチで同時に採点するバンドルの数 (既定: コア数)"},
    {"cli.opt.kubeconfig", "使用する kubeconfig ファイルのパス（存在している必要があります）"},
    {"cli.opt.lang", "テキストの言語: {langs}（既定: GPUWHY_LANG、次にロケール）"},
    {"cli.opt.no-dry-run", "不正なマニフェストをサーバーサイドの dry-run 作成として送りません"},
    {"cli.opt.output", "レポートをこのファイルに書き出します（採点が未完了でも書き出します）"},
    {"cli.opt.request-timeout", "apiserver へのリクエスト 1 回ごとの待ち時間（例: 10s、1m。0 = 無制限）"},
    {"cli.opt.snapshot",
     "稼働中のクラスターの代わりに、`gpuwhy snapshot` "
     "が書いたバンドルを採点します。複数のバンドルかフォルダーを渡すと一括サマリーになります"},
    {"cli.opt.step", "このステップだけを採点します（複数指定可）"},
    {"cli.opt.user", "LTI と CSV レポート用の学生 ID"},
    {"cli.opt.verbose", "合格したチェックの根拠も表示します"},
    {"cli.opt.wait",
     "選択したチェックが合格するか、この時間が尽きるまで、クラスタ（watch）と演習フォルダを追い、変化のたびに再チェック"
     "します"},
    {"cli.snapshot", "ファイルとクラスターを一度だけ収集して JSON バンドルにまとめます"},
    {"cli.version", "バージョン情報を表示して終了します"},
    {"cli.waiting", "待機中: まだ合格していないチェック {count} 件、残り {seconds} 秒"},
    {"cli.waited",
     "{seconds} 秒待機: apiserver リクエスト計 {requests} 件（watch ストリーム {watches} 本）、受信 {bytes} "
     "バイト、再チェック {grades} 回"},
    {"cli.watch-fallback", "watch できません（{reason}）。代わりに毎秒スナップショット全体を取得します"},
    {"cli.opt.poll",
     "--wait と共に: watch の代わりに毎秒スナップショット全体を取り直します（長いリクエストを切るプロキシ向け）"},
    {"cli.wrote", "{file} を書き出しました（apiserver リクエスト {count} 回、受信 {bytes} バイト）"},
    {"hint.env.kubeconfig",
     "採点していません: --kubeconfig で渡した kubeconfig を使えませんでした。パスとファイルを確かめてください(kubectl "
     "--kubeconfig パス get nodes が答える必要があります)。"},
    {"hint.env.input",
     "採点していません: --snapshot に渡したバンドルを読めませんでした。パスと、そのファイルが gpuwhy snapshot "
     "の書いたバンドルであることを確かめてください。"},
    {"hint.env.forbidden",
     "あなたの作業の問題ではありません: apiserver が gpuwhy のアクセスを拒否しました（対象: {what}）。gpuwhy "
     "が使うアカウントに次の RBAC 権限が必要です: {rule}。"},
    {"hint.env.not-collected",
     "あなたの作業の問題ではありません: 今回の実行では収集されなかったため（対象: {what}。例: --no-dry-run "
     "やファイルだけの実行）、このチェックは評価できませんでした。"},
    {"hint.env.unauthorized",
     "あなたの作業の問題ではありません: 読み取り中に apiserver が gpuwhy "
     "の認証情報を受け付けませんでした（401、対象: {what}）。kubeconfig "
     "のユーザーと証明書を確認してください。その後に必要な権限: {rule}。"},
    {"hint.env.unavailable",
     "あなたの作業の問題ではありません: gpuwhy がクラスターから読み取れませんでした（対象: "
     "{what}）。コントロールプレーンが動いていて kubeconfig がそれを指していることを確認し、gpuwhy "
     "を再実行してください。"},
    {"hint.file.empty", "{file} が空です。コマンドをもう一度実行し、出力をファイルにリダイレクトしてください。"},
    {"hint.file.hard-link",
     "{file} はハードリンクです。ラボフォルダーの外にあるかもしれないファイルの別名なので、gpuwhy は読み取りません。"
     "代わりにコピーを保存してください（cp --remove-destination 元のファイル "
     "{file}、またはコマンドの出力を保存し直す）。"},
    {"hint.file.missing", "{file} がありません。ステップの説明どおり、作業ディレクトリに作成してください。"},
    {"hint.file.not-regular",
     "{file} "
     "は通常のファイルではありません（ディレクトリか特殊ファイル）。出力はプレーンテキストのファイルとして保存してく"
     "ださい。"},
    {"hint.file.not-text",
     "{file} はテキストではありません（{reason}）。kubectl の出力をプレーンテキスト（UTF-8）で保存してください。"},
    {"hint.file.too-large",
     "{file} は 1 MiB "
     "を超えているため、ステップが求めるものではありえません。求められた出力だけを保存してください。"},
    {"hint.file.unreadable",
     "{file} を読み取れませんでした（{reason}）。パーミッションを確認し、ラボフォルダー内の"
     "通常ファイルにしてください（フォルダーの外を指すリンクはたどりません）。"},
    {"hint.gpu.init-containers",
     "{where}: init コンテナーも {resource} を要求しているため（{detail}）、スケジューラーはこの Pod に {amount} "
     "ではなく {total} を数え、その分ほかの Pod が使えません。{resource} はアプリのコンテナーだけで要求してください。"},
    {"hint.gpu.init-only",
     "{where}: {resource} を要求しているのは init コンテナーだけです（{detail}）。init "
     "コンテナーはアプリのコンテナーが始まる前に実行されて終わるため、アプリには GPU "
     "がありません。アプリのコンテナー（spec.containers）の resources.limits で {resource}: {amount} "
     "を要求してください。"},
    {"hint.gpu.sidecar-only",
     "{where}: {resource} を要求しているのはサイドカーコンテナー（`restartPolicy: Always` の init "
     "コンテナー）だけです（{detail}）。GPU は要求したコンテナーに割り当てられ、サイドカーはアプリのコンテナーと並んで"
     "動くため、アプリには GPU がありません。アプリのコンテナー（spec.containers）の resources.limits で {resource}: "
     "{amount} を要求してください。"},
    {"hint.internal-error",
     "このチェックの採点中に gpuwhy 自体が失敗しました（あなたの作業ではなく gpuwhy のバグです）。gpuwhy snapshot "
     "の出力を添えて報告してください。"},
    {"hint.manifest.constraint.bad-field-key",
     "{file}: {path} の値 {found}: matchFields のキーには metadata.name しか使えないため、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.constraint.bad-key",
     "{file}: {path}: {found} は有効なラベルキーではないため(例: nvidia.com/gpu.present、/ の前は小文字)、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.constraint.bad-namespace",
     "{file}: {path}: {found} は有効な名前空間名ではないため(小文字、数字、'-' で 63 文字以内)、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.constraint.bad-node-name",
     "{file}: {path}: {found} は有効なノード名ではないため(小文字、数字、'-'、'.')、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.constraint.bad-operator",
     "{file}: {path} の値 {found}: 条件の演算子は In、NotIn、Exists、DoesNotExist、Gt、Lt "
     "のいずれかでなければならないため(matchFields は In と NotIn のみ、大文字と小文字を区別)、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.constraint.bad-value",
     "{file}: {path}: {found} は有効なラベル値ではないため(英数字、'-'、'_'、'.' で 63 "
     "文字以内、両端は英数字)、apiserver はマニフェストを拒否します。"},
    {"hint.manifest.constraint.bad-weight",
     "{file}: {path} の値 {found}: preferred の条件の weight は 1 から 100 まででなければならないため、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.constraint.duplicate-label-key",
     "{file}: {path}: キー {found} が matchLabelKeys にも labelSelector か mismatchLabelKeys にもあるため、apiserver "
     "はマニフェストを拒否します。キーは一度だけ書いてください。"},
    {"hint.manifest.constraint.label-keys-without-selector",
     "{file}: {path} には同じ条件に labelSelector が必要なため、apiserver はマニフェストを拒否します。"},
    {"hint.manifest.constraint.no-terms",
     "{file}: {path}: required のノードアフィニティには条件の組が 1 つ以上必要なため、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.constraint.no-topology-key",
     "{file}: {path}: Pod アフィニティの条件には topologyKey(例: kubernetes.io/hostname)が必要なため、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.constraint.not-integer",
     "{file}: {path} の値 {found}: 引用符なしの整数でなければならないため、apiserver はマニフェストを拒否します。"},
    {"hint.manifest.constraint.not-list",
     "{file}: {path} には {found} ではなくリスト(- で始まる項目)が必要なため、apiserver "
     "はマニフェストの読み込み時に拒否します。"},
    {"hint.manifest.constraint.not-object",
     "{file}: {path} には {found} ではなくマッピングが必要なため、apiserver はマニフェストの読み込み時に拒否します。"},
    {"hint.manifest.constraint.not-string",
     "{file}: {path} の {found} は文字列ではないため、apiserver "
     "はマニフェストの読み込み時に拒否します。値を引用符で囲んでください。"},
    {"hint.manifest.constraint.one-value",
     "{file}: {path} の値 {found}: Gt と Lt、および matchFields には値がちょうど 1 つ必要なため、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.constraint.unknown-field",
     "{file}: {path} はその位置で Kubernetes が知らないフィールドのため、kubectl apply "
     "はマニフェストを拒否します。綴りと大文字・小文字を確認してください。"},
    {"hint.manifest.constraint.values-forbidden",
     "{file}: {path}: 演算子 Exists と DoesNotExist には値を書けないため、apiserver "
     "はマニフェストを拒否します。値を削除してください。"},
    {"hint.manifest.constraint.values-required",
     "{file}: {path}: 演算子 In と NotIn には値が 1 つ以上必要なため、apiserver はマニフェストを拒否します。"},
    {"hint.manifest.not-single-pod", "{file} には kind が Pod のオブジェクトをちょうど 1 つだけ書いてください。"},
    {"hint.manifest.resources.above-limit",
     "{file}: {path}: {resource} の request {found} が limit {limit} を超えているため、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.resources.bad-name",
     "{file}: {path}: {found} は有効なリソース名ではないため(例: nvidia.com/gpu、/ の前は小文字)、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.resources.below-containers",
     "{file}: {path}: Pod 全体の {resource} {found} がコンテナの合計({other})より少ないため、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.resources.claim-required",
     "{file}: {path}: claim には名前が必要なため、apiserver はマニフェストを拒否します。"},
    {"hint.manifest.resources.claim-unknown",
     "{file}: {path}: claim {found} は Pod の spec.resourceClaims のどの名前でもないため、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.resources.claims-for-pod",
     "{file}: {path}: claims は Pod 全体の spec.resources ではなくコンテナの resources の下に書くため、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.resources.container-above-pod",
     "{file}: {path}: コンテナの {resource} の limit {found} が spec.resources の Pod 全体の limit {other} "
     "を超えているため、apiserver はマニフェストを拒否します。"},
    {"hint.manifest.resources.hugepages-need-cpu-or-memory",
     "{file}: {path}: hugepages には cpu か memory の request または limit が併せて必要なため、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.resources.hugepages-size",
     "{file}: {path} の値 {found} は {resource} のページの整数倍ではないため、apiserver はマニフェストを拒否します。"},
    {"hint.manifest.resources.limit-required",
     "{file}: {path}: {resource} を limit なしで request({found})しています。オーバーコミットできないリソースには "
     "limit が必要なため、apiserver はマニフェストを拒否します。limits の下に書いてください。"},
    {"hint.manifest.resources.negative",
     "{file}: {path} の値 {found}: 量は 0 未満にできないため、apiserver はマニフェストを拒否します。"},
    {"hint.manifest.resources.not-equal-limit",
     "{file}: {path}: {resource} の request は {found}、limit は {limit} です。オーバーコミットできないリソースは "
     "request が limit と等しくなければならないため、apiserver はマニフェストを拒否します。"},
    {"hint.manifest.resources.not-extended",
     "{file}: {path}: {found} は有効な拡張リソース名(例: nvidia.com/gpu)ではないため、apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.resources.not-for-containers",
     "{file}: {path}: コンテナは {found} を要求できません。/ のない名前は cpu、memory、ephemeral-storage、hugepages "
     "だけなので(GPU は nvidia.com/gpu)、apiserver はマニフェストを拒否します。"},
    {"hint.manifest.resources.not-for-pods",
     "{file}: {path}: Pod 全体の spec.resources に書けるのは cpu、memory、hugepages だけで、{found} は書けません。GPU "
     "はコンテナの下(spec.containers[].resources)で要求するため、apiserver はマニフェストを拒否します。"},
    {"hint.manifest.resources.not-integer",
     "{file}: {path} の値 {found}: {resource} は整数単位でしか数えません(0.5 や 500m は不可)。apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.resources.not-list",
     "{file}: {path} には {found} ではなくリスト(- で始まる項目)が必要なため、apiserver "
     "はマニフェストの読み込み時に拒否します。"},
    {"hint.manifest.resources.not-object",
     "{file}: {path} には {found} ではなくマッピングが必要なため、apiserver はマニフェストの読み込み時に拒否します。"},
    {"hint.manifest.resources.not-quantity",
     "{file}: {path} の値 {found} は数量(例: 1、500m、2Gi。大文字と小文字を区別)ではないため、apiserver "
     "はマニフェストの読み込み時に拒否します。"},
    {"hint.manifest.resources.not-standard",
     "{file}: {path}: {found} は Kubernetes が知らないリソースです。/ のない名前は Kubernetes "
     "自身の名前(cpu、memory)だけで、GPU は nvidia.com/gpu です。apiserver はマニフェストを拒否します。"},
    {"hint.manifest.resources.not-string",
     "{file}: {path} の {found} は文字列ではないため、apiserver はマニフェストの読み込み時に拒否します。"},
    {"hint.manifest.resources.unknown-field",
     "{file}: {path} は resources のフィールドではないため、kubectl apply はマニフェストを拒否します。resources "
     "のフィールドは limits、requests、claims です(大文字と小文字を区別)。"},
    {"hint.manifest.toleration.bad-effect",
     "{file}: {path} の値 {found}: apiserver は NoSchedule、PreferNoSchedule、NoExecute(大文字と小文字を区別)か空の "
     "effect しか受け付けず、マニフェストを拒否します。"},
    {"hint.manifest.toleration.bad-key",
     "{file}: {path} の \"{found}\" は有効なキーではないため、apiserver はマニフェストを拒否します。taint のキーは "
     "{key} です。小文字のドメイン、/、名前からなり、空白は入りません。"},
    {"hint.manifest.toleration.bad-operator",
     "{file}: {path} の値 {found}: apiserver は Equal か Exists "
     "しか受け付けず(大文字と小文字を区別)、マニフェストを拒否します。"},
    {"hint.manifest.toleration.bad-value",
     "{file}: {path}: 値 {found} は有効なラベル値ではないため(英数字、'-'、'_'、'.' で 63 "
     "文字以内、両端は英数字)、apiserver はマニフェストを拒否します。"},
    {"hint.manifest.toleration.empty-key-needs-exists",
     "{file}: {path}: key のない トレレーション の operator は Exists でなければならないため、apiserver "
     "はマニフェストを拒否します。taint のキーを書いてください: key: {key}。"},
    {"hint.manifest.toleration.not-integer",
     "{file}: {path} の値 {found}: apiserver は引用符なしの整数(秒)しか受け付けず、マニフェストを拒否します。"},
    {"hint.manifest.toleration.not-object",
     "{file}: {path} は key、operator、value、effect を持つマッピングでなければなりません({found} ではなく)。apiserver "
     "はマニフェストを拒否します。"},
    {"hint.manifest.toleration.not-string",
     "{file}: {path} の値 {found} は文字列ではないため、apiserver "
     "はマニフェストの読み込み時に拒否します。値を引用符で囲んでください。"},
    {"hint.manifest.toleration.seconds-need-noexecute",
     "{file}: {path}: tolerationSeconds は effect が NoExecute のときだけ使えるため、apiserver "
     "はマニフェストを拒否します。tolerationSeconds を削除してください。"},
    {"hint.manifest.toleration.unknown-field",
     "{file}: {path} は トレレーション のフィールドではないため、kubectl apply "
     "はマニフェストを拒否します。トレレーション のフィールドは key、operator、value、effect、tolerationSeconds "
     "です(大文字と小文字を区別)。"},
    {"hint.manifest.toleration.value-with-exists",
     "{file}: {path}: operator Exists には value を書けないため(見つかった値: {found})、apiserver "
     "はマニフェストを拒否します。value を削除するか、operator Equal を使ってください。"},
    {"hint.manifest.wrong-name", "{file} の Pod 名は \"{name}\" ですが、演習が求めるのは metadata.name: {pod} です。"},
    {"hint.manifest.api-version",
     "{file} の `apiVersion` は {found} です。Pod は `apiVersion: v1` なので kubectl はこのファイルを拒否し（その版に "
     "`Pod` はない）、Pod は作られていません。`apiVersion: v1` と書いてください。"},
    {"hint.manifest.api-version-missing",
     "{file} には `apiVersion` がないため kubectl が拒否し（`apiVersion not set`）、Pod は作られていません。先頭に "
     "`apiVersion: v1` を書いてください。"},
    {"hint.manifest.field.misplaced",
     "{file}: {path} は書く位置が違います。{known} のフィールドなので、kubectl apply "
     "はマニフェスト全体を読み込み時に拒否します。{known} "
     "の下に移してください(フィールドの属する位置はインデントで決まります)。"},
    {"hint.manifest.field.spelled",
     "{file}: {path}: Kubernetes ではこのフィールドは {known} と綴ります(大文字・小文字と複数形の s も区別)。そのため "
     "kubectl apply はマニフェスト全体を読み込み時に拒否します。"},
    {"hint.manifest.field.unknown",
     "{file}: {path} はその位置の Pod のフィールドではないため、kubectl apply "
     "はマニフェスト全体を読み込み時に拒否します。綴り、大文字・小文字、インデントを確認してください。"},
    {"hint.manifest.field.wrong-type",
     "{file}: {path} には {found} がありますが、Kubernetes はこのフィールドを {known} として読むため、kubectl apply "
     "はマニフェスト全体を読み込み時に拒否します。"},
    {"hint.manifest.other-namespace",
     "{file} は Pod を {namespace} ではなく名前空間 {found} に置きます。kubectl はそこに作成し（-n {namespace} "
     "を付けるとファイルを拒否）、演習の Pod はこのファイルから作られたものではありません。`metadata` の下に "
     "`namespace: {namespace}` と書くか、書かずに -n {namespace} を使ってください。"},
    {"hint.manifest.yaml-error-at",
     "{file} は正しい YAML ではありません: {line} 行 {column} "
     "列で読み取りが止まりました。そのあたりのインデント（タブではなく空白）と括弧、引用符を確認してください。"},
    {"hint.manifest.yaml-error", "{file} は有効な YAML ではありません: {reason}"},
    {"hint.manifest.yaml-control",
     "{file} の {line} 行 {column} 列に見えない制御文字があります（端末やコピーで入ったもの）。kubectl の YAML "
     "読み取りはコメントの中でも制御文字を許さず、ファイル全体を拒否します。その行を入力し直してください。"},
    {"hint.manifest.yaml-tab",
     "{file} の {line} 行 {column} 列にタブ文字があります。kubectl の YAML 読み取りはここでタブを許さず、ファイル全体を"
     "拒否します。インデントには空白だけを使ってください。"},
    {"hint.manifest.yaml-escape",
     "{file} の {line} 行 {column} 列、ダブルクォートの文字列に kubectl の YAML 読み取りが知らないエスケープがあり、"
     "ファイル全体が拒否されます。文字をそのまま書くか、シングルクォートを使ってください。"},
    {"hint.manifest.yaml-directive",
     "{file} の {line} 行に `%` ディレクティブがあります。kubectl は文書を一つずつ読むため、ファイルを拒否します。"
     "この行を削除してください。"},
    {"hint.manifest.yaml-merge",
     "{file} の {line} 行 {column} 列のマージキー（`<<`）の値がマップでもマップのリストでもないため、kubectl "
     "はファイル全体を拒否します。アンカー付きのマップをマージする（`<<: *名前`）か、キーを直接書いてください。"},
    {"hint.manifest.yaml-number",
     "{file} の {line} 行 {column} 列に `.inf` か `.nan` があります。kubectl の YAML 読み取りはこれを JSON "
     "で表せない数として読み、ファイル全体を拒否します。数を書くか、文字列のつもりなら引用符で囲んでください（\"."
     "inf\"）。"},
    {"hint.manifest.yaml-separator",
     "{file} の {line} 行の `---` の後に文字があります。kubectl はそこにコメントしか許さず、ファイルを拒否します。"
     "その文字は次の行に移してください。"},
    {"hint.node-missing",
     "クラスターにノード {node} がありません。kubeconfig が指しているのは演習用のクラスターですか？"},
    {"hint.pending.cordoned",
     "{node} は `cordon` されています（`spec.unschedulable: true`）。スケジューラーはテイントや GPU を見る前に {pod} を"
     "このノードから外すため、{pod} は演習が示す理由で待っているのではありません。`kubectl uncordon {node}` を実行して"
     "ください。"},
    {"hint.placed.gated",
     "{pod} はスケジューリングゲート（{gates}）で待っていて、スケジューラーは配置を試みていません。{pod} を削除し、"
     "{file} から schedulingGates を外して作り直してください。"},
    {"hint.placed.after-taint",
     "{pod} は {node} にテイント {taint} が付いた後に作られました。トレレーションがないため（手順 4 "
     "では不要）スケジューラーが止め、`NoSchedule` は新しい Pod だけを止めます。テイントを外し（kubectl taint node "
     "{node} {taint}-）、{pod} を作り直してから、ノードにもう一度テイントを付けてください（手順 5）。{part_cpu_only}"},
    {"hint.placed.pending-before-taint",
     "{pod} は作られたときに配置できず（最初の拒否: {first}）、その後に付いたテイント {taint} が今は {pod} "
     "も止めています。`NoSchedule` はまだ配置されていない Pod だけを止め、{pod} にトレレーションは不要です。"
     "テイントを外し（kubectl taint node {node} {taint}-）、{pod} を削除して作り直してから、ノードにもう一度"
     "テイントを付けてください（手順 5）。{part_cpu_only}"},
    {"hint.placed.after-taint-taken",
     "{pod} は {node} にテイント {taint} が付いた後に作られました。トレレーションがないため（手順 4 では不要）"
     "スケジューラーが止め、その後に作った {holders} が {pod} の使うはずの {node} の GPU を使っています。それらを"
     "削除し（{commands}）、テイントを外して（kubectl taint node {node} {taint}-）{pod} を作り直し、ノードにもう"
     "一度テイントを付けてから（手順 5）{holders} を作り直してください（手順 6、7）。{part_cpu_only}"},
    {"hint.pending.bound-before-taint",
     "{pod} が動いている {bound} には、{pod} が許容しないテイントが今あります。テイントより前に配置されたもので、"
     "`NoSchedule` は新しい Pod を止めるだけです。{pod} を削除して作り直してください（kubectl -n {namespace} delete "
     "pod {pod} のあとマニフェストを適用）。Pending のままになるはずです。"},
    {"hint.pending.bound-before-labels",
     "{pod} が動いている {bound} は、もう `nodeSelector` に合いません。{bound} "
     "にラベルがあったときに配置されたものです。"
     "Pod は一度しか配置されないので、ラベルを移しても Pod は移りません。{pod} を削除して作り直してください。"},
    {"hint.pending.gated",
     "{pod} はスケジューリングゲート（{gates}）で止められていて、スケジューラーはまだ試していないため、スケジューラーの"
     "メッセージもありません。{pod} を削除し、マニフェストから spec.schedulingGates を外して作り直してください。"},
    {"hint.pending.deleting",
     "{pod} は削除中です（kubectl delete の後、ファイナライザーが止めています）。もう演習の意味する Pending の Pod "
     "ではありません。削除が終わったら、ファイルから {pod} を作り直してください。"},
    {"hint.pending.not-evaluated",
     "{pod} にはまだ PodScheduled=False/Unschedulable の条件がありません。スケジューラーは動いていますか？ "
     "数秒待ってから確認し直してください（kubectl -n {namespace} get pod {pod} -o yaml）。"},
    {"hint.placed.condition",
     "{pod} はノードに割り当てられていますが、PodScheduled 条件が True "
     "ではないため、スケジューラーが配置したものではありません。nodeName "
     "なしで作り直してください。{part_taint}{part_order}"},
    {"hint.placed.constrained",
     "{pod} に {fields} があります。それを削除して Pod を作り直してください: GPU の要求だけで、スケジューラーが "
     "{node} を選ぶ必要があります。{part_taint}{part_order}"},
    {"hint.placed.node-name",
     "{pod} は自分でノードを指定しており（spec.nodeName）、スケジューラーを素通りしています。{file} から nodeName "
     "を削除し、Pod を作り直してください。{part_taint}{part_order}"},
    {"hint.placed.node-name-live",
     "{pod} は spec.nodeName を指定して作られており（{manager}）、スケジューラーを素通りしています。{file} には"
     "もうノードがありませんが、動いている Pod は以前のものです。Pod を削除し（kubectl -n {namespace} delete pod "
     "{pod}）、{file} をもう一度適用してください。{part_taint}{part_order}"},
    {"hint.placed.not-bound-toleration",
     "{pod} はまだノードに割り当てられておらず、スケジューラーは {node} のテイントを理由に挙げています。{pod} の"
     "トレレーションがテイントに一致していません。kubectl describe node {node} の Taints と key、value、operator、"
     "effect を比べてください。"},
    {"hint.placed.not-bound-untolerant",
     "{pod} はまだノードに割り当てられていません。スケジューラーは {node} のテイントを理由に挙げており、{pod} "
     "にはそのテイントのトレレーションがありません。{file} に {taint} のトレレーションを追加し、{pod} "
     "を作り直してください。"},
    {"hint.placed.not-bound-selector",
     "{pod} はまだノードに割り当てられていません。{pod} の {fields} が {node} "
     "のラベルに一致しないため、スケジューラーは"
     "そこに置けません。{file} の {fields} を直すか削除し、{pod} を作り直してください。"},
    {"hint.placed.not-bound-labels",
     "{pod} はまだノードに割り当てられていません。{pod} の {fields} はラボの GPU ラベルを求めていますが、{node} "
     "にはステップ 1 のとおりのラベルが付いていないため、スケジューラーはそこに置けません。{node} "
     "のラベルを直してください（ステップ 1）。"},
    {"hint.placed.not-bound-taken",
     "{pod} はまだノードに割り当てられていません。{pod} が入るはずの {node} の {resource} を、ほかの Pod "
     "が使っています（{holders}）。{holders} を削除すれば（{commands}）、スケジューラーが "
     "{pod} を {node} に置きます。{part_again}"},
    {"hint.placed.not-bound",
     "{pod} はまだノードに割り当てられていません。PodScheduled のメッセージを見てください（kubectl -n {namespace} "
     "describe pod {pod}）。Insufficient {resource} と出ているなら、{node} が allocatable で {resource} "
     "をアドバタイズしているか確認してください（ステップ 2）。"},
    {"hint.placed.manifest-elsewhere",
     "{pod} は {node} で動いていますが、{file} は {node} が合わない条件でノードを選びます（{detail}）。保存された"
     "まま適用すると {pod} は Pending のままです。動いている Pod はこのファイルの別の版から作られました。{node} "
     "が合うように {file} を直してください。"},
    {"hint.placed.wrong-node",
     "{pod} は {node} 以外のノードで動いています。{resource} をアドバタイズするのは {node} "
     "だけのはずです。ステップ 2 を確認し、Pod を作り直してください。{part_taint}{part_order}"},
    {"hint.pod-missing",
     "Namespace {namespace} に Pod {pod} がありません。kubectl apply -f に -n {namespace} "
     "を付けて（またはマニフェストに metadata.namespace を書いて）作成してください。"},
    {"hint.scheduler-file.also-other-kind",
     "{file} には正しい種類のメッセージのほかに、別の種類のメッセージ（表示したもの）があります。別の Pod "
     "のものか、{pod} の以前の試行のものです（describe と events は以前のものも表示します）。このファイルには {pod} "
     "の今のメッセージだけが必要です。保存し直してください: kubectl -n {namespace} get pod {pod} -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}' > {file}"},
    {"hint.scheduler-file.cut",
     "{file} のメッセージが途中で切れています: 理由の並びが、それを閉じるピリオドの前で終わっています。kubectl get pod "
     "-o "
     "yaml は長いメッセージを複数行に折り返し、grep はその最初の行だけを残します。メッセージ全体を保存してください: "
     "kubectl -n {namespace} get pod {pod} -o jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}' > "
     "{file}"},
    {"hint.scheduler-file.no-live-message",
     "{pod} には今スケジューラーのメッセージがありません（もう Pending ではありません）。そのため {file} "
     "は今のクラスターを表していません。ステップの状態に戻してから、メッセージを保存し直してください。"},
    {"hint.scheduler-file.no-message",
     "{file} にスケジューラーのメッセージ（\"0/3 nodes are available: ...\"）がありません。{pod} の PodScheduled "
     "メッセージを保存してください: kubectl -n {namespace} get pod {pod} -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}' > {file}"},
    {"hint.scheduler-file.gated",
     "{file} には、スケジューリングゲートが {pod} を止めていた間の状態（\"Scheduling is blocked due to non-empty "
     "scheduling "
     "gates\"）が入っています。スケジューラーはまだ試していないので、スケジューラーのメッセージではありません。"
     "{pod} を削除し、マニフェストから spec.schedulingGates を外して作り直し、そのときの PodScheduled "
     "メッセージを保存してください。"},
    {"hint.scheduler-file.stale",
     "{file} の理由が {pod} の現在のメッセージ（{live}）と違います。現在のメッセージを保存し直してください。"},
    {"hint.scheduler-file.wrong-kind-insufficient",
     "{file} のメッセージに Insufficient {resource} がありません。GPU が 2 つとも使われている間に、trainer3 "
     "のメッセージを保存してください。"},
    {"hint.scheduler-file.wrong-kind-taint",
     "{file} のメッセージはテイントを理由にしていません。cpu-only がテイントのせいで Pending "
     "になっている間に、そのメッセージを保存してください。"},
    {"hint.step1.gpu-labels.case",
     "ラベルの値は大文字と小文字を区別します: {labels}。演習に書かれたとおりの値を --overwrite "
     "付きで設定してください。"},
    {"hint.step1.gpu-labels.fix",
     "{node} に GPU ラベルがないか、値が違います。ラベルを設定してください: kubectl label node {node} {labels} "
     "--overwrite"},
    {"hint.step1.gpu-labels.wrong-node",
     "GPU ラベルが {node} ではなく {other} に付いています。{node} にラベルを付け、{other} "
     "からは外してください（kubectl label node {other} {remove}）。"},
    {"hint.step1.namespace.missing",
     "Namespace {namespace} がありません。作成してください: kubectl create namespace {namespace}"},
    {"hint.step1.namespace.terminating",
     "Namespace {namespace} は削除中です。完全に消えるのを待ってから作り直し、ステップをやり直してください。"},
    {"hint.step1.other-nodes-clean",
     "GPU ノードは {node} だけですが、ほかのノードに GPU ラベルがあります。外してください: {commands}"
     "（末尾のマイナスでラベルが外れます）。"},
    {"hint.step2.advertised-file.capacity-only",
     "{file} では {node} の {resource} が capacity にだけあり、allocatable にはありません。スケジューラーは "
     "allocatable を見るので、capacity だけでは空きになりません。/status/allocatable/nvidia.com~1gpu も "
     "\"{amount}\" にパッチしてから（--subresource=status）、広告量をもう一度保存してください。"},
    {"hint.step2.advertised-file.backslash",
     "すべてのノードが <none> です。シェルが nvidia\\.com/gpu のバックスラッシュを消したため、kubectl が nvidia "
     "というキーを探した可能性が高いです。-o の引数全体をシングルクォートで囲んでください: -o "
     "'custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\\.com/gpu'"},
    {"hint.step2.advertised-file.bare-numbers",
     "{file} "
     "には数値だけがあってノード名がないため、どのノードがいくつなのか分かりません。名前も出力してください。例: -o "
     "'custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\\.com/gpu'"},
    {"hint.step2.advertised-file.missing-nodes",
     "{file} にクラスターの全ノードが載っていません。足りないノード: {nodes}。1 "
     "台だけでなく全ノードの量を保存してください（kubectl get nodes ...）。"},
    {"hint.step2.advertised-file.unknown-nodes",
     "{file} に、このクラスターにないノードが載っています: "
     "{nodes}。演習用クラスターから出力を保存し直してください。"},
    {"hint.step2.advertised-file.unreadable",
     "gpuwhy は {file} を解釈できませんでした（{reason}）。kubectl が出力したとおりに保存してください: "
     "表（custom-columns）、ノード名付きの jsonpath 出力、-o json、-o yaml、kubectl describe nodes。"},
    {"hint.step2.advertised-file.wrong-amount",
     "{file} に演習が想定していない量があります: {wrong}。{node} は "
     "{amount}、ほかのノードは何もないはずです。ノードの status をパッチしてから、ファイルを保存し直してください。"},
    {"hint.step2.allocatable.capacity-only",
     "capacity は設定されていますが allocatable がありません。スケジューラーは allocatable を見るので {node} に GPU "
     "が見えず、GPU Pod は Pending のままになります。/status/allocatable/nvidia.com~1gpu も \"{amount}\" "
     "にパッチしてください（同じコマンド、--subresource=status）。"},
    {"hint.step2.allocatable.missing",
     "{node} は {resource} をまったくアドバタイズしていません。kubectl patch node {node} --subresource=status "
     "--type=json で、/status/capacity/nvidia.com~1gpu と /status/allocatable/nvidia.com~1gpu の両方を \"{amount}\" "
     "にパッチしてください。"},
    {"hint.step2.allocatable.no-pods",
     "{node} の status.allocatable に {resource} はありますが、Pod を置く余地がありません。パッチがマップ全体を"
     "置き換えて {dropped} を消したため、スケジューラーはどの Pod も {node} に置きません（`Too many pods`）。"
     "capacity の値で戻してください: kubectl patch node {node} --subresource=status --type=merge -p "
     "'{restore}'。GPU は /status/allocatable/nvidia.com~1gpu への `op: add` で加え、/status/allocatable "
     "を丸ごと `replace` しないでください。"},
    {"hint.step2.allocatable.wrong-value",
     "{node} は allocatable で別の量をアドバタイズしています。/status/allocatable/nvidia.com~1gpu を \"{amount}\" "
     "でパッチし直してください。"},
    {"hint.step2.capacity.missing",
     "{node} の status.capacity に GPU がありません。status サブリソースをパッチしてください: kubectl patch node "
     "{node} --subresource=status --type=json -p "
     "'[{\"op\":\"add\",\"path\":\"/status/capacity/"
     "nvidia.com~1gpu\",\"value\":\"{amount}\"}]'。--subresource=status がないと変更は捨てられます。"},
    {"hint.step2.capacity.other-node",
     "{node} の status.capacity に GPU がなく、{others} にあります。status のパッチが別のノードに当たっています。"
     "{node} をパッチし（kubectl patch node {node} --subresource=status --type=json -p "
     "'[{\"op\":\"add\",\"path\":\"/status/capacity/nvidia.com~1gpu\",\"value\":\"{amount}\"}]'、"
     "/status/allocatable も同様に）、{others} からは {resource} を外してください。"},
    {"hint.step2.capacity.wrong-value",
     "{node} は capacity で別の量をアドバタイズしています。/status/capacity/nvidia.com~1gpu を \"{amount}\" "
     "でパッチし直してください。"},
    {"hint.step2.other-nodes",
     "GPU があるのは {node} だけです。ほかのノードの status から {resource} "
     "を削除してください（/status/capacity/nvidia.com~1gpu と /status/allocatable/nvidia.com~1gpu に JSON patch の "
     "op remove、--subresource=status）。"},
    {"hint.step3.apiserver-rejects.accepted",
     "apiserver は {file} を受け付けました: 示すべきルールに違反していません。ステップの説明と比べ、{resource} "
     "の量を変えてください。"},
    {"hint.step3.apiserver-rejects.no-namespace",
     "Namespace {namespace} が存在しないため、{file} の dry-run が失敗しました。先に Namespace "
     "を作成してください（ステップ 1）。"},
    {"hint.step3.apiserver-rejects.not-sent",
     "{file} はないか Pod 1 つではないため、apiserver に送っていません。まずマニフェストを直してください。"},
    {"hint.step3.apiserver-rejects.wrong-reason-fraction",
     "apiserver は {file} を拒否しましたが、{resource} "
     "の量が小数だからではありません。ほかの部分は有効なままにして、0.5 のような量を使ってください。"},
    {"hint.step3.apiserver-rejects.wrong-reason-mismatch",
     "apiserver は {file} を拒否しましたが、{resource} の requests と limits "
     "が違うからではありません。どちらも整数のまま、値だけを変えてください。"},
    {"hint.step3.fraction-manifest.no-gpu",
     "{file} は {resource} を要求していません。resources.limits に 0.5 のような小数で書いてください。"},
    {"hint.step3.fraction-manifest.whole",
     "{file} の {resource} の量はすべて整数なので、このルールを試せません。0.5 や 500m "
     "のような小数を使ってください。"},
    {"hint.step3.mismatch-manifest.equal",
     "{file} では {resource} の requests と limits が等しいので、Pod "
     "は有効です。ルールが拒否する様子を見るには、値を変えてください（例: requests 2、limits 1）。"},
    {"hint.step3.mismatch-manifest.fractional",
     "{file} は小数を使っています。それはもう一方のルール（bad-fraction.yaml）です。ここでは異なる 2 "
     "つの整数を使ってください。"},
    {"hint.step3.mismatch-manifest.negative",
     "{file} は負の値を使っています。apiserver は負の値を別の理由で拒否します（`must be greater than or equal to "
     "0`）。ここでは 0 以上の異なる 2 つの整数（例: requests 1、limits 2）を使ってください。"},
    {"hint.step3.mismatch-manifest.needs-both",
     "{file} では、コンテナの resources.requests と resources.limits の両方に {resource} "
     "を異なる整数で書く必要があります。limits だけだと requests は limits からコピーされ、Pod は有効になります。"},
    {"hint.step3.not-created.exists",
     "Pod {pods} が存在します: 不正なマニフェストを、apiserver "
     "が受け付けるまで変えてしまったということです。ルールに違反する量に戻し、Pod を削除してください。"},
    {"hint.step3.not-created.no-names",
     "gpuwhy は {mismatch_file} と {fraction_file} から Pod "
     "名を読みますが、どちらも読めませんでした。先にマニフェストを書いてください。"},
    {"hint.step3.not-quantity",
     "{file} の {resource} の値 {value} は Kubernetes の数量（quantity）ではないため、apiserver "
     "はマニフェストを読み込む"
     "段階で拒否し、このルールまで進みません。2、0.5、500m のような数値か数量で書いてください。"},
    {"hint.step3.rejected-file.empty",
     "{file} が空です: kubectl はエラーを標準エラー出力に書くため、> だけでは受け取れません。1 つ目のマニフェストは "
     "kubectl apply -f ... > {file} 2>&1、2 つ目は ... >> {file} 2>&1 で実行してください。"},
    {"hint.step3.rejected-file.neither",
     "{file} の拒否は、このステップのどちらの規則のものでもありません: \"must be equal to {resource} limit\" "
     "と {resource} フィールドの \"must be an integer\"。k8s/bad-mismatch.yaml と k8s/bad-fraction.yaml "
     "を適用し、kubectl の出力を保存してください（1 つ目は > {file} 2>&1、2 つ目は >> {file} 2>&1）。"},
    {"hint.step3.rejected-file.no-fraction",
     "{file} に {resource} フィールドへの \"must be an integer\" の拒否がありません。k8s/bad-fraction.yaml "
     "を適用し、そのメッセージを追記してください（>> {file} 2>&1）。"},
    {"hint.step3.rejected-file.no-mismatch",
     "{file} に \"must be equal to {resource} limit\" の拒否がありません。k8s/bad-mismatch.yaml "
     "を適用し、そのメッセージを追記してください（>> {file} 2>&1）。"},
    {"hint.step3.rejected-file.no-rejection",
     "{file} に apiserver の拒否がありません。不正なマニフェストを 2 つとも適用し、kubectl "
     "の出力を標準エラー出力も含めて保存してください（2>&1）。"},
    {"hint.step3.rejected-file.other-pods",
     "{file} の拒否は {pods} の Pod のもので、どちらの誤ったマニフェストもその Pod を作りません（{mismatch_file} と "
     "{fraction_file} の名前は {names}）。別の試行で保存したものです。今の 2 つのマニフェストを適用し、kubectl "
     "の出力を保存してください（1 つ目は > {file} 2>&1、2 つ目は >> {file} 2>&1）。"},
    {"hint.step3.rejected-file.other-result",
     "{file} の拒否は 1 つだけで、もう一方のコマンドは拒否ではなくこれを出力しました: {result}。不正なマニフェストは "
     "2 つとも apiserver に届いて拒否される必要があります。その行が指すマニフェストを直して再度適用し、メッセージを"
     "追記してください（>> {file} 2>&1）。"},
    {"hint.step3.rejected-file.overwritten",
     "{file} には拒否が 1 つしかありません: 2 つ目のコマンドが 1 つ目を上書きした可能性が高いです。1 つ目は >、2 "
     "つ目は >>（追記）を使い、どちらにも 2>&1 を付けてください。"},
    {"hint.step4.manifest.constraint",
     "{file} が {fields} を使っています。削除してください: trainer はリソースだけで GPU "
     "ノードにたどり着かなければなりません。{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.manifest.containers-sum",
     "{file} では複数のコンテナが {resource} を求めていて（{detail}）、スケジューラーはそれを合計するので Pod は "
     "{total} を求めます。1 つのコンテナだけで {amount} を求めてください。{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.manifest.limit",
     "{file} は resources.limits で {resource}: {amount} "
     "を要求する必要があります。{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.manifest.requests-and-constraint",
     "{file} は requests に {resource} を書き、さらに {fields} で Pod を固定しています。limits（{resource}: "
     "{amount}）だけを残し、{fields} を削除してください: 要点は、apiserver が requests "
     "を補うことと、リソースだけでノードが決まることです。{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.manifest.requests-set",
     "{file} は requests に {resource} を書いています。limits だけに書いてください: apiserver が limits を requests "
     "にコピーしてくれることこそ、このステップで確かめることです。{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.requests-defaulted.written",
     "{pod} は requests を書いたマニフェストから作られました（{resource}: {amount}、last-applied-configuration "
     "に残っています）。apiserver が補ったものはありません。{pod} を削除し、limits だけを書いた {file} "
     "を適用して、apiserver が limit を requests にコピーすることを確かめてください。{part_taint}{part_order}"},
    {"hint.step4.requests-defaulted",
     "クラスター上の {pod} の {resource} の requests と limits が {amount} "
     "になっていません。マニフェストから作り直し（kubectl delete pod {pod} -n {namespace} のあと apply）、-o yaml で "
     "requests を確認してください。"},
    {"hint.step5.cpu-only-pending.not-taint",
     "cpu-only のメッセージはテイントを理由にしていません。{node} "
     "に許容されないテイントがある、という内容のはずです。テイント（ステップ 5）と、cpu-only が GPU "
     "を要求していないことを確認してください。"},
    {"hint.step5.cpu-only-pending.scheduled",
     "cpu-only がノードに割り当てられました（{bound}）。{node} にテイントがないか、cpu-only "
     "がそれを許容しているか、GPU ラベルが別のノードにあります。それを直してから cpu-only を作り直してください。"},
    {"hint.step5.cpu-only-spec.does-not-fit",
     "{file}: テイントがなくても cpu-only は {node} に収まらないため（{detail}）、Pending "
     "はテイントについて何も示しません。"
     "{node} の空きの範囲で要求してください。{part_recreate}"},
    {"hint.step5.cpu-only-spec.pod-affinity",
     "{file}: {detail} は {node} で動いている Pod のために cpu-only を {node} から除外します。テイントがなくても "
     "cpu-only は GPU ノードに入れないので、Pending "
     "がテイントについて何も示しません。この必須の条件を削除してください。{part_recreate}"},
    {"hint.step5.cpu-only-spec.excludes-node",
     "{file}: {detail} はラボのラベルを付けた {node} まで除外します。テイントがなくても cpu-only は GPU "
     "ノードに入れないので、Pending がテイントについて何も示しません。nodeSelector {selector} "
     "だけを残してください。{part_recreate}"},
    {"hint.step5.cpu-only-spec.gated",
     "{file}: spec.schedulingGates {detail} が、スケジューラーがノードを試す前に cpu-only "
     "を止めているため、テイントを示すメッセージは出ません。spec.schedulingGates を削除してください。{part_recreate}"},
    {"hint.step5.cpu-only-spec.gpu",
     "cpu-only は {resource} を要求してはいけません（{detail}）。resources から削除してください。そうしないと "
     "Pending の理由がテイントだけではなくなります。{part_recreate}"},
    {"hint.step5.cpu-only-spec.node-name",
     "{file} に spec.nodeName: {detail} があります。ノードを指定された Pod はスケジューラーを通らず、テイントも "
     "効きません。nodeName を削除し、スケジューラーに cpu-only を Pending のままにさせてください。{part_recreate}"},
    {"hint.step5.cpu-only-spec.selector",
     "cpu-only が GPU ノードを狙うには nodeSelector {selector} が必要です（現在: {detail}）。{part_recreate}"},
    {"hint.step5.cpu-only-spec.spread",
     "{file}: {detail}: {node} で動いている Pod とこの条件が数えるノードから見て、cpu-only が {node} に入ると "
     "spec.topologySpreadConstraints[].maxSkew を超えます。テイントがなくても GPU ノードに入れないので、Pending "
     "がテイントについて何も示しません。"
     "この分散の条件を削除してください。{part_recreate}"},
    {"hint.step5.cpu-only-spec.spread-label",
     "{file}: {detail}: {node} にはこの topologyKey のラベルがないため、テイントがなくても分散の条件が cpu-only を "
     "{node} から除外し、Pending がテイントについて何も示しません。この分散の条件を削除してください。{part_recreate}"},
    {"hint.step5.cpu-only-spec.toleration",
     "cpu-only はテイント {taint} を許容してはいけません（{detail}）。テイントが GPU "
     "ノードから締め出せるよう、トレレーションを削除してください。{part_recreate}"},
    {"hint.step5.cpu-only-spec.unquoted",
     "nodeSelector の値はクォートした文字列 \"true\" でなければなりません。クォートがないと YAML は真偽値 "
     "{detail} として読み、apiserver に拒否されます。{part_recreate}"},
    {"hint.step5.taint.extra",
     "{node} にはラボのテイント {taint} に加えて、同じキーの {extra} もあります。余分なほうを削除してください: "
     "kubectl taint node {node} {remove}"},
    {"hint.step5.taint.missing",
     "{node} に {key} のテイントがありません。追加してください: kubectl taint node {node} {taint}。Pod "
     "をスケジュールさせるためにテイントを消してはいけません。"},
    {"hint.step5.taint.noexecute",
     "{node} のテイントのエフェクトが NoExecute です。NoExecute は、それを許容しない実行中の "
     "Pod（trainer）を退避させます。NoSchedule を使ってください: kubectl taint node {node} {key}:NoExecute- のあと "
     "kubectl taint node {node} {taint}。{part_cpu_only}"},
    {"hint.step5.taint.other-nodes",
     "{key} のテイントは {node} だけに付けてください。ほかにも見つかりました: {others}。そちらは "
     "{commands} で外してください。"},
    {"hint.step5.taint.wrong-effect",
     "{node} の {key} テイントのエフェクトは {effect} でなければなりません。外して（kubectl taint node {node} "
     "{key}-）から付け直してください: kubectl taint node {node} {taint}。{part_cpu_only}"},
    {"hint.step5.taint.wrong-value",
     "{node} の {key} テイントの値が {value} ではありません。一度に値を変えてください: kubectl taint node "
     "{node} {taint} --overwrite（先に外すと、その間に Pending の Pod が入ります）。"},
    {"hint.step5.tainted-file.insufficient",
     "{file} には Insufficient {resource} のメッセージがあります: それは trainer3 のメッセージです（ステップ "
     "7）。ここには cpu-only のメッセージを保存してください。"},
    {"hint.step5.trainer-not-evicted.gone",
     "{pod} はもう存在しません。NoSchedule テイントが実行中の Pod を消すことはありません。{pod} を作り直し（ステップ "
     "4）、削除しないでください。{part_taint}{part_order}"},
    {"hint.step5.trainer-not-evicted.not-created",
     "{pod} は存在せず、それを指すイベントもありません。まだ作っていないか、ずっと前に削除されています。作成して（手順 "
     "4）"
     "動かしたままにしてください。`NoSchedule` のテイントは実行中の Pod を消しません。{part_taint}{part_order}"},
    {"hint.step5.trainer-not-evicted.moved",
     "{pod} が {node} で動いていません。ノードにテイントを付ける前に、ステップ 4 "
     "のとおり作り直してください。{part_taint}{part_order}"},
    {"hint.step5.trainer-not-evicted.never-scheduled",
     "{pod} は一度もスケジュールされていないので、守るものがありませんでした。まずステップ 4 "
     "を成功させてください。スケジューラーが {pod} を {node} に置かなかった理由は、ステップ 4 のチェックが示します。"},
    {"hint.step5.trainer-not-evicted.deleting",
     "{pod} は削除中です（kubectl delete "
     "の後、ファイナライザーが止めています）。テイントが消すのではありません。NoSchedule "
     "のテイントは実行中の Pod を決して消しません。削除が終わったら、ファイルから {pod} を作り直し（ステップ 4）、"
     "そのままにしてください。"},
    {"hint.step5.trainer-not-evicted.noexecute",
     "{pod} は退避させられたか、削除中です: NoExecute テイントは、それを許容しない Pod を退避させます。NoSchedule "
     "を使い、{pod} を作り直してください。"},
    {"hint.step5.trainer-not-evicted.noexecute-other",
     "{pod} は退避させられました: {node} には {pod} が許容しない NoExecute テイント {taint} があり、NoExecute "
     "テイントはそれを許容しない Pod を退避させます（実習の NoSchedule テイントは退避させません）。そのテイントを"
     "削除し（kubectl taint node {node} {taint_key}-）、{pod} をファイルから作り直してください（ステップ 4）。"},
    {"hint.step6.gate-kept.cpu-only-scheduled",
     "cpu-only がもう Pending ではありません。テイントが cpu-only を {node} "
     "から締め出すはずです。テイントと、cpu-only にトレレーションがないことを確認してから作り直してください。"},
    {"hint.step6.gate-kept.taint-changed",
     "{node} のテイントが {taint} ではなく {found} になっています。演習のテイントに戻してください（もう一方は "
     "kubectl taint node {node} {key}- で外します）。"},
    {"hint.step6.gate-kept.taint-not-added",
     "{node} にはまだ {taint} のテイントがありません。付けてください（kubectl taint node {node} {taint}、手順 5）。"
     "GPU Pod を入れるのはテイントを外すことではなく、トレレーションです。"},
    {"hint.step6.gate-kept.taint-removed",
     "テイント {taint} が {node} にもうありません。付け直してください（kubectl taint node {node} {taint}）。GPU Pod "
     "を通すのはテイントの削除ではなく、トレレーションです。"},
    {"hint.part.recreate-under-taint",
     "{taint_node} には {pod} が許容しない {taint} のテイントがあるため、作り直した {pod} は Pending のままです。{pod} "
     "を作る前にテイントを外し（kubectl taint node {taint_node} {taint_key}-）、作った後でステップ 5 "
     "のとおり付け直してください。{part_cpu_only}"},
    {"hint.part.create-again", " そのあと {again} をファイルから作り直してください。"},
    {"hint.part.recreate-live",
     " {recreate_pod} はすでにあり、apiserver は Pod の spec のほとんどの変更を拒否します（kubectl apply は "
     "`Forbidden` と答えます）。削除して（kubectl delete pod -n {namespace} "
     "{recreate_pod}）直したファイルから作り直して"
     "ください。"},
    {"hint.part.cpu-only-first",
     " テイントを外す前に cpu-only を削除し（kubectl delete pod -n {namespace} cpu-only）、テイントが戻ったら "
     "k8s/cpu-only.yaml を適用し直してください。cpu-only を lab-node-0 から遠ざけているのはテイントだけです。"},
    {"hint.part.recreate-trainer3-first",
     "先に {waiting} を削除してください。そうしないと空けた GPU を {waiting} が使ってしまいます。{waiting} "
     "は最後に作り直してください。"},
    {"hint.step6.gpu.live",
     "クラスター上の {pod} の {resource} の requests と limits が {amount} になっていません。{file} "
     "から作り直してください。{part_taint}{part_order}"},
    {"hint.step6.gpu.manifest",
     "{file} は {resource}: {amount} を要求する必要があります（limits に書き、requests も書くなら同じ値に）。"},
    {"hint.step6.toleration.missing",
     "{pod} に {key} のトレレーションがありません。spec.tolerations に追加してください: key {key}、operator "
     "Equal、value {value}、effect {effect}。"},
    {"hint.step6.toleration.too-broad",
     "{pod} に、キーなしで operator Exists のトレレーションがあります: "
     "これはすべてのノードのすべてのテイントを許容します。キー {key} だけを許容してください（operator Equal、value "
     "{value}、effect {effect}）。{part_recreate_tolerations}"},
    {"hint.step6.toleration.too-broad-effect",
     "{pod} に、キーなしで operator Exists、effect {effect} のトレレーションがあります: "
     "これはキーに関係なく、すべてのノードの {effect} テイントをすべて許容します。キー {key} だけを許容してください"
     "（operator Equal、value {value}、effect {effect}）。{part_recreate_tolerations}"},
    {"hint.step6.toleration.wrong-effect-seconds",
     "{pod} の {key} のトレレーションはエフェクト NoExecute と tolerationSeconds を指定しています。"
     "tolerationSeconds は NoExecute のトレレーションにしか書けません。エフェクト {effect}（または空）で "
     "tolerationSeconds のない {key} のトレレーションを追加してください。{part_recreate_tolerations}"},
    {"hint.step6.toleration.wrong-effect",
     "{pod} の {key} のトレレーションが {effect} 以外のエフェクトを指定しています。effect は空にするか {effect} "
     "と書いてください。{part_recreate_tolerations}"},
    {"hint.step6.toleration.wrong-key",
     "{pod} のトレレーションはキー {found} を指定していますが、テイントのキーは {key} "
     "です。トレレーションは大文字・小文字まで完全に同じキーにだけ一致します。`key: {key}`(operator Equal、value "
     "{value}、effect {effect})と書いてください。{part_recreate_tolerations}"},
    {"hint.step6.toleration.wrong-value",
     "{pod} の {key} のトレレーションの値が、テイントの値（{value}）と違います。operator Equal "
     "では値が完全に一致しなければなりません。{part_recreate_tolerations}"},
    {"hint.step7.exhausted-file.taint",
     "{file} のメッセージはテイントを理由にしています: cpu-only のメッセージか、trainer3 "
     "にトレレーションがなかったかです。trainer3 のメッセージが Insufficient {resource} "
     "になってから保存してください。"},
    {"hint.step7.pending-insufficient.not-insufficient",
     "trainer3 のメッセージに Insufficient {resource} がありません。trainer2 と同じく GPU を 1 "
     "つ要求しているか、{node} の GPU が 2 つとも使われているかを確認してください。"},
    {"hint.step7.pending-insufficient.scheduled",
     "trainer3 がノードに割り当てられました（{bound}）: GPU の枠がまだ空いていたということです。trainer と trainer2 "
     "がどちらも {node} で動いていて、{node} がちょうど 2 をアドバタイズしている必要があります。"},
    {"hint.step7.pending-insufficient.taint",
     "trainer3 のメッセージはテイントを理由にしています: trainer3 がテイントを許容していません。trainer2 "
     "のトレレーションを付けて、残る理由がリソースだけになるようにしてください。"},
    {"hint.step7.same-as-trainer2.differs",
     "{where} は {other} と次の点で違います: {fields}。{other_file} "
     "をコピーして、名前だけを変えてください。{part_recreate}"},
    {"hint.step7.same-as-trainer2.no-trainer2-manifest",
     "trainer3 は {other_file} と比較しますが、そのファイルがないか無効です。先にステップ 6 を直してください。"},
    {"hint.step7.same-as-trainer2.trainer2-changed",
     "実行中の {other} は {other_file} の内容と違います: ファイルを適用した後で {fields} "
     "が変わりました（kubectl patch または kubectl edit）。{pod} はファイルのとおりです。{other_file} から {other} "
     "を作り直すか、変更を両方のファイルに書いて両方の Pod を作り直してください。"},
    {"hint.step7.same-as-trainer2.tolerations",
     "{where}: トレレーションが {other} と違います。trainer2 のトレレーションをコピーしてください。それがないと "
     "Pending の理由がリソースではなく、またテイントになります。{part_recreate_tolerations}"},
    {"hint.step8.allocatable.differs",
     "ALLOCATABLE は {value} ですが、{node} の status.allocatable の {resource} は {live} "
     "です。クラスターから読んでください: kubectl get node {node} -o "
     "jsonpath='{.status.allocatable.nvidia\\.com/gpu}'"},
    {"hint.step8.format.duplicates", "2 回以上書かれたキー: {duplicates}。各キーは 1 回だけ書いてください。"},
    {"hint.step8.format.line-count", "{file} は空でない行がちょうど 7 行、キーごとに 1 行でなければなりません。"},
    {"hint.step8.format.malformed",
     "次の行は KEY=VALUE でも KEY: VALUE でもありません: {lines}。1 行にキー 1 つとその値だけを書いてください。"},
    {"hint.step8.format.missing-keys", "足りないキー: {missing}。7 つすべてを書いてください: {keys}。"},
    {"hint.step8.format.unknown-keys", "不明なキー: {unknown}。7 つのキーは {keys} です。"},
    {"hint.step8.fractional.affirmative",
     "\"{value}\" は小数を認める答えですが、ステップ 3 では apiserver が {resource} の 0.5 を拒否しました: "
     "拡張リソースは整数です。"},
    {"hint.step8.fractional.unknown",
     "\"{value}\" は受け付けられる答えではありません。不可、禁止、no、rejected のような 1 語で書いてください。"},
    {"hint.step8.key-conflict", "{file} に {key} が異なる値で複数回出てきます。1 行だけ残してください。"},
    {"hint.step8.key-missing",
     "{file} に {key} の行がありません（またはファイルを読めません）。{key}=VALUE を追加してください。"},
    {"hint.step8.several-counts",
     "{key}={value} "
     "には数が二つ以上あるか、あいまいに書かれています。いまクラスターが示す数を一つだけ書いてください。"},
    {"hint.step8.not-a-number", "{key} はクラスターから数えた整数でなければなりません。書かれていた値: \"{value}\"。"},
    {"hint.step8.ambiguous",
     "{key}={value} には答えが 2 "
     "つある（「はい」と「いいえ」、または数値とデバイス）か、答えがありません。答えを一つだけ書いてください。"},
    {"hint.step2.advertised-file.saved-before-patch",
     "{file} のすべての行が <none> ですが、{node} は今 {resource} を {live} 個広告しています。ステップ 2 "
     "のパッチより前に保存したか、シェルが nvidia\\.com/gpu のバックスラッシュを消しました。-o "
     "の引数をシングルクォートで囲んで今コマンドを再実行し、その出力を保存してください。"},
    {"hint.taint.wrong-key",
     "{node} のテイント {found} はラボのテイントではありません。削除し（kubectl taint node {node} "
     "{remove}）、{taint} を追加してください。"},
    {"hint.taint.changed",
     "{node} の同じキーのテイントはラボの {taint} ではなく {found} です。{pod} はラボのテイントを許容していますが、"
     "テイントが変わったため、スケジューラーは {node} に置きません。テイントを直してください（ステップ 5）: "
     "kubectl taint node {node} {remove} && kubectl taint node {node} {taint}"},
    {"hint.taint.foreign-beside",
     "{node} にはラボのテイント {taint} に加えて、ラボのものではない {found} もあります。ラボの Pod は {taint} "
     "しか許容しないため、スケジューラーはそれらを {node} に置きません。削除してください: kubectl taint node {node} "
     "{remove}"},
    {"value.placed.bound-by-hand", "スケジューラーを介さずノードにバインド"},
    {"hint.placed.other-scheduler",
     "{pod} はスケジューラーに {scheduler} を指定しているため（spec.schedulerName）、default-scheduler "
     "は配置していません。手でバインドされています。{file} から schedulerName を削除し、Pod "
     "を削除して作り直し、スケジューラーに {node} を選ばせてください。{part_taint}{part_order}"},
    {"hint.placed.other-scheduler-live",
     "{pod} はスケジューラーに {scheduler} を指定しているため（spec.schedulerName）、default-scheduler "
     "は配置していません。手でバインドされています。{file} はほかのスケジューラーを指定していないので、動いている Pod "
     "はこのファイルから作られたものではありません。Pod を削除して {file} から作り直し、スケジューラーに {node} "
     "を選ばせてください。{part_taint}{part_order}"},
    {"hint.placed.no-scheduled-event",
     "{pod} にはイベントがありますが、default-scheduler が配置したという Scheduled "
     "イベントがありません。手で（Binding で）バインドされています。Pod を削除して {file} "
     "から作り直し、スケジューラーに {node} を選ばせてください。{part_taint}{part_order}"},
    {"value.step7.no-allocatable", "{node} に割り当て可能な {resource} がない"},
    {"hint.step7.premise-allocatable-zero",
     "{pod} は Pending ですが、枠が尽きたからではありません。{node} の割り当て可能な {resource} は {found} のため、"
     "どの GPU Pod も入りません。ステップ 2 を直し（capacity と同じく allocatable も 2）、{pod} "
     "をもう一度見てください。"},
    {"hint.step7.premise-allocatable",
     "{pod} は Pending ですが、枠が尽きたからではありません。{node} に status.allocatable の {resource} "
     "がないため、どの GPU Pod も入りません。ステップ 2 を直し（capacity と一緒に allocatable もパッチ）、{pod} "
     "をもう一度見てください。"},
    {"value.step7.slots-free", "GPU {allocatable} 個中 {used} 個使用中"},
    {"value.step7.allocatable-amount", "{node} の割り当て可能な {resource} は {want} ではなく {allocatable}"},
    {"hint.step7.premise-allocatable-amount",
     "ステップ 7 では {node} が GPU を {want} 個提供し、{trainer} と {trainer2} がその両方を使っている必要があります。"
     "しかし割り当て可能な {resource} は {allocatable} のため、実習の言う形で枠が尽きることはありません。ステップ 2 "
     "を直し（capacity と同じく allocatable も {want}）、{pod} をもう一度見てください。"},
    {"hint.step7.premise-slots",
     "ステップ 7 は枠が尽きた状態の話です。{trainer} と {trainer2} が両方 {node} で動き、GPU "
     "をすべて使っている必要があります（今 {allocatable} 個中 {used} 個使用）。{pod} を判断する前に二つの Pod "
     "を戻してください（ステップ 4 と 6）。"},
    {"hint.step7.shared-no-toleration",
     "{other} にも {pod} にも {taint} のトレレーションがないため、スケジューラーはどちらも GPU ノードに置きません。"
     "{other_file} と {file} の両方に追加し（key {resource}、operator Equal、value present、effect NoSchedule）、"
     "両方の Pod を作り直してください。"},
    {"hint.step7.shared-toleration",
     "{pod} は {other} と同じトレレーションを持ち、そのトレレーションが {taint} に合っていません。{other} "
     "を写すのではなく、共通のトレレーションを直すべきです。{other_file} と {file} の両方で直し（key "
     "{resource}、operator Equal、value present、effect NoSchedule）、両方の Pod を作り直してください。"},
    {"hint.step8.right-for-lab",
     "今クラスターの {key} は {live} ですが、{key}={value} はこの実習が意図する値です。この行はそのままにし、"
     "クラスターを前の手順が残す状態に戻してください。"},
    {"hint.step8.pending.differs",
     "PENDING は {value} ですが、今 {namespace} で Pending の Pod は {live} 個です。kubectl -n {namespace} get pods "
     "で数えてください。"},
    {"hint.step8.requests-equal-limits.negative",
     "\"{value}\" は「等しくなくてよい」という答えですが、ステップ 3 では apiserver が、{resource} の requests が "
     "limits と違うものを拒否しました: 両者は等しくなければなりません。"},
    {"hint.step8.requests-equal-limits.unknown",
     "\"{value}\" は受け付けられる答えではありません。はい、必須、等しい、yes のような 1 語で書いてください。"},
    {"hint.step8.scheduler-sees.devices",
     "\"{value}\": スケジューラーがデバイスを見ることはありません。ノードの status にある数値（allocatable）と Pod "
     "の requests を比べるだけです。だからこの演習は GPU なしで成り立ちます。数値と書いてください。"},
    {"hint.step8.scheduler-sees.labels",
     "\"{value}\": スケジューラーはノードのラベルから量を読みません（ステップ 1 のラベルはノードを選ぶだけです）。"
     "ノードの status の数値（allocatable）と Pod の要求を比べます。数値と書いてください。"},
    {"hint.step8.scheduler-sees.unknown",
     "\"{value}\" "
     "は受け付けられる答えではありません。スケジューラーが見ているのはデバイスでしょうか、数値でしょうか？ "
     "数値（numbers）のような 1 語で書いてください。"},
    {"hint.step8.taint.case",
     "TAINT "
     "は現在のテイント（{live}）と大文字・小文字だけが違います。キー、値、エフェクトは大文字と小文字を区別します。"},
    {"hint.step8.taint.differs",
     "TAINT は \"{value}\" ですが、{node} のテイントは {live} です。key=value:Effect の形で書いてください。"},
    {"hint.step8.taint.no-live-taint",
     "{node} に {resource} のテイントがないため、TAINT "
     "は一致しえません。テイントを付け直し（{taint}）、key=value:Effect の形で書いてください。"},
    {"hint.step8.used.differs",
     "USED は {value} ですが、今 {node} に割り当てられた Pod が要求している {resource} は {live} です。{node} "
     "で動いている Pod の requests を合計してください（Pending の Pod はノードがないので数えません）。"},
    {"ui.actual", "実際"},
    {"ui.col.id", "ID"},
    {"ui.col.points", "配点"},
    {"ui.col.step", "ステップ"},
    {"ui.col.title", "タイトル"},
    {"ui.evidence", "根拠"},
    {"ui.expected", "期待値"},
    {"ui.hint", "ヒント"},
    {"ui.incomplete",
     "採点未完了: {errors} "
     "件のチェックを評価できませんでした（あなたの作業ではなく環境の問題です）。環境を直してから gpuwhy "
     "を再実行してください"},
    {"ui.points", "{points} 点"},
    {"ui.report.actual", "実際"},
    {"ui.report.evidence", "根拠"},
    {"ui.report.expected", "期待値"},
    {"ui.report.failed-checks", "不合格のチェック"},
    {"ui.report.grading-incomplete",
     "採点未完了: 環境の問題で {errors} "
     "件のチェックを評価できませんでした（あなたの作業の問題ではありません）。環境を直してから gpuwhy "
     "を再実行してください。"},
    {"ui.report.hint", "ヒント"},
    {"ui.report.not-evaluated", "未評価: 環境の問題でこのチェックを実行できませんでした。"},
    {"ui.report.not-selected", "選択されていません"},
    {"ui.report.summary",
     "スコア {score}/{max_score}: 合格 {passed}、不合格 {failed}、エラー {errors}、スキップ {skipped}"},
    {"ui.report.summary.unscored",
     "採点なし: 合格 {passed}、不合格 {failed}、評価できなかったもの {errors}、スキップ {skipped}"},
    {"ui.report.warning", "警告"},
    {"ui.score", "スコア {score}/{max_score}"},
    {"ui.step.1", "ステップ 1 — Namespace と GPU 検出ラベル"},
    {"ui.step.2", "ステップ 2 — ノードの status で {resource} をアドバタイズする"},
    {"ui.step.3", "ステップ 3 — 拡張リソースに対する apiserver の 2 つのルール"},
    {"ui.step.4", "ステップ 4 — リソースだけでノードが決まる"},
    {"ui.step.5", "ステップ 5 — リソースが空いていてもテイントが阻む"},
    {"ui.step.6", "ステップ 6 — トレレーションで 2 つの関門を通過する"},
    {"ui.step.7", "ステップ 7 — 枠が尽きたとき"},
    {"ui.step.8", "ステップ 8 — 関門レポート"},
    {"ui.summary", "合格 {passed}、不合格 {failed}"},
    {"ui.summary.errors", "、エラー {errors}"},
    {"ui.summary.skipped", "、スキップ {skipped}"},
    {"ui.report.root-ids", "根本原因"},
    {"ui.report.follow-on", "そのために不合格になったチェック"},
    {"ui.report.roots", "根本原因: まずこれを直してください"},
    {"ui.report.root", "根本原因(上を参照)"},
    {"ui.report.root-cause", "根本原因"},
    {"ui.summary.roots", "(根本原因 {roots} 件)"},
    {"ui.step.more-passed", "ほかに合格 {count} 件(-v で表示)"},
    {"ui.step.short", "ステップ {step}"},
    {"ui.root.follows-from", "原因"},
    {"ui.root.consequences", "これが原因でさらに {count} 件のチェックが不合格です({points} 点):"},
    {"ui.fix-first", "まず直すこと:"},
    {"ui.warning", "警告"},
    {"ev.node-amount-absent", "{node} status.{map}[{resource}]: なし"},
    {"ev.pod", "Pod {pod}: {text}"},
    {"ev.pod-terminating", "Pod {pod}: {text}（終了中）"},
    {"ev.live-message", "現在の {pod}: {message}"},
    {"ev.event-scheduled", "イベント Scheduled: {message}"},
    {"ev.events-no-scheduled", "Pod {pod} のイベント: {reasons}（{scheduler} の Scheduled なし）"},
    {"ev.events-expired", "Pod {pod} のイベントは期限切れで残っていない: PodScheduled で判断"},
    {"ev.node-name-set-by", "Pod {pod}: spec.nodeName を設定したのは {manager}（managedFields）"},
    {"ev.namespace-phase", "Namespace {namespace}: status.phase={phase}"},
    {"ev.checked-nodes", "確認したノード: {nodes}"},
    {"ev.more-nodes", "… ほか {count} ノード"},
    {"ev.read-as", "読み取った形式: {format}"},
    {"ev.format.unknown", "不明"},
    {"ev.format.table", "表"},
    {"ev.format.json", "JSON"},
    {"ev.format.yaml", "YAML"},
    {"ev.format.describe", "kubectl describe の出力"},
    {"ev.format.bare-numbers", "数字のみ"},
    {"ev.format.keyed-lines", "キー: 値の行"},
    {"ev.dry-run-not-sent", "{file}: dry-run を送っていない"},
    {"ev.dry-run-off", "{file}: --no-dry-run のため送っていない"},
    {"ev.namespace-not-graded", "{file}: 採点対象外の Namespace {namespace}"},
    {"ev.pod-exists", "Pod {pod}: あり"},
    {"ev.pod-not-found", "Pod {pod}: なし"},
    {"ev.rejected.mismatch", "{line} [requests・limits 不一致]"},
    {"ev.rejected.fraction", "{line} [小数]"},
    {"ev.rejected.both", "{line} [requests・limits 不一致] [小数]"},
    {"ev.taints-for", "{node} の {key} テイント: {taints}"},
    {"ev.none", "なし"},
    {"ev.other-taints", "{node} のほかのテイント: {taints}"},
    {"ev.file-ok", "{file}: 問題なし"},
    {"ev.tolerations", "Pod {pod} のトレレーション: {tolerations}"},
    {"ev.tolerations-file", "{file} のトレレーション: {tolerations}"},
    {"ev.file-field", "{file} の {field}: {value}"},
    {"ev.pod-field", "Pod {pod} の {field}: {value}"},
    {"ev.same-as", "{a}: {b} と同じ"},
    {"ev.pod-same-as", "Pod {a}: Pod {b} と同じ"},
    {"ev.gpus-requested", "{node} で要求された {resource}: {used} / {allocatable}"},
    {"ev.pod-on-node", "{node} 上の Pod {pod}: {text}"},
    {"ev.pending-in", "{namespace} で Pending: {pods}"},
    {"ev.answer", "{line}（{class}）"},
    {"ev.answer.unknown", "不明"},
    {"ev.answer.affirmative", "肯定"},
    {"ev.answer.negative", "否定"},
    {"ev.answer.numbers", "数値"},
    {"ev.answer.labels", "ラベル"},
    {"ev.answer.devices", "デバイス"},
    {"ev.answer.negator", "否定語"},
    {"ev.answer.ambiguous", "あいまい"},
    {"ev.answer.permissive", "許容"},
    {"ev.env-error", "{message}（{kind}）"},
    {"ev.kind.usage", "使い方"},
    {"ev.kind.config", "設定"},
    {"ev.kind.transport", "接続"},
    {"ev.kind.tls", "TLS"},
    {"ev.kind.http", "HTTP"},
    {"ev.kind.parse", "構文"},
    {"ev.kind.io", "入出力"},
    {"ev.kind.skipped", "スキップ"},
    {"ui.source.bundle", "バンドル {path}"},
    {"ui.source.live", "クラスター {url}"},
    {"input.no-such-file", "{path}: ファイルがありません"},
    {"input.permission-denied", "{path}: 読み取る権限がありません"},
    {"input.unreadable", "{path}: 読み取れません"},
    {"input.too-large", "{path}: 上限の {limit} バイトを超えています"},
    {"input.bundle-not-json", "バンドル {path}: {line} 行 {column} 列で正しい JSON ではありません"},
    {"input.syntax", "{line} 行 {column} 列: 正しい YAML ではありません"},
    {"input.kubeconfig-syntax", "kubeconfig {path}: {line} 行 {column} 列で正しい YAML ではありません"},
    {"input.kubeconfig-missing", "kubeconfig {path}（--kubeconfig で指定）: ファイルがありません"},
    {"input.not-a-bundle",
     "バンドル {path}: `gpuwhy snapshot` が書いたバンドルではありません（フィールド \"{field}\"）"},
    {"input.bundle-missing", "バンドル {path}: フィールド {field} がありません"},
    {"input.bundle-field", "バンドル {path}: フィールド {field} の値が正しくありません: {reason}"},
    {"input.bundle-row-lost", "バンドル {path}: 採点結果を読み戻せませんでした: {reason}"},
    {"input.bundle-internal", "バンドル {path}: 内部エラーで採点が止まりました: {reason}"},
    {"input.bundle-version",
     "バンドル {path}: バンドルのバージョン {version} には対応していません（この gpuwhy が読むのは {supported}）"},
    {"input.kubeconfig-no-context",
     "kubeconfig {path}: current-context がなく、--context も指定されていません（定義済みのコンテキスト: {names}）"},
    {"input.kubeconfig-context-not-found",
     "kubeconfig {path}: コンテキスト \"{context}\" が見つかりません。定義済みのコンテキスト: {names}"},
    {"input.no-kubeconfig",
     "kubeconfig が見つかりません（探した場所: {looked}）。--kubeconfig を指定するか KUBECONFIG を設定してください"},
    {"kube.list-budget-bytes",
     "{method} {url}: 読んだ一覧が合わせて {limit} バイトを超えたので拒否しました（上限は GPUWHY_LIST_MAX_BYTES "
     "で決めます）"},
    {"kube.list-budget-items",
     "{method} {url}: 読んだ一覧が合わせて {limit} 項目を超えたので拒否しました（上限は GPUWHY_LIST_MAX_ITEMS "
     "で決めます）"},
    {"env.refused", "{method} {url}: 接続が拒否されました"},
    {"env.net-unreachable", "{method} {url}: ネットワークに到達できません"},
    {"env.host-unreachable", "{method} {url}: ホストに到達できません"},
    {"env.timeout-connect", "{method} {url}: タイムアウト: {seconds} 以内に接続できませんでした"},
    {"env.timeout-answer",
     "{method} {url}: タイムアウト: {seconds} 以内に応答が完了しませんでした（--request-timeout）"},
    {"cli.list-more", "{list}、{item}"},
    {"cli.list-or", "{list}、{item}"},
    {"cli.error.more-reads", "（ほかに失敗した読み取りが {count} 件。レポートを見てください）"},
    {"kc.not-string", "{where}: フィールド \"{key}\": 文字列でなければなりません（いま: {value}）"},
    {"kc.not-bool", "{where}: フィールド \"{key}\": true か false でなければなりません（いま: {value}）"},
    {"kc.not-list", "{where}: \"{key}\": リストでなければなりません"},
    {"kc.item-not-mapping", "{where}: {key}[{index}]: マッピングでなければなりません"},
    {"kc.no-name", "{where}: {key}[{index}]: name がありません"},
    {"kc.body-not-mapping", "{where}: {key} \"{name}\": \"{body}\" はマッピングでなければなりません"},
    {"kc.many-docs", "{where}: YAML ドキュメントが {count} 個あります。kubeconfig は 1 つです"},
    {"kc.not-mapping", "{where}: kubeconfig ではありません（最上位がマッピングでなければなりません）"},
    {"kc.bad-base64", "{where}: \"{key}\": 正しい base64 ではありません"},
    {"kc.file-missing", "{where}: \"{key}\" {file}: ファイルがありません"},
    {"kc.in-cluster-token-empty", "クラスター内サービスアカウントのトークン {file}: ファイルが空です"},
    {"kc.no-server", "{where}: \"server\" が設定されていません"},
    {"kc.server-not-url", "{where}: \"server\" {server}: http(s) の URL ではありません"},
    {"kc.warn.insecure", "{where}: insecure-skip-tls-verify が設定されているため、apiserver の証明書を検証しません"},
    {"kc.warn.in-cluster-ca", "クラスター内 CA {path} がないため、システムの信頼ストアで apiserver を検証します"},
    {"kc.insecure-and-ca",
     "{where}: \"insecure-skip-tls-verify\" と認証局が両方設定されています。どちらかを削除してください"},
    {"kc.token-file-empty", "{where}: \"tokenFile\" {file}: ファイルが空です"},
    {"kc.exec",
     "{where}: \"exec\" 認証情報プラグインには対応していません。クライアント証明書かトークンを使ってください"},
    {"kc.auth-provider",
     "{where}: \"auth-provider\" プラグインには対応していません。クライアント証明書かトークンを使ってください"},
    {"kc.half-cert", "{where}: \"{set}\" だけがあり \"{missing}\" がありません。クライアント証明書には両方が必要です"},
    {"kc.two-auth", "{where}: トークンと username/password が両方設定されています。認証方法は 1 つだけにしてください"},
    {"kc.no-cluster", "{where}: クラスターを指定していません"},
    {"kc.cluster-missing", "{where}: クラスター \"{name}\" が見つかりません。定義済みのクラスター: {names}"},
    {"kc.user-missing", "{where}: ユーザー \"{name}\" が見つかりません。定義済みのユーザー: {names}"},
    {"kc.empty-path", "--kubeconfig に空のパスが指定されました"},
    {"kc.context-no-file",
     "コンテキスト \"{context}\"（--context で指定）が見つかりません: kubeconfig ファイルがありません（探した場所: "
     "{looked}）"},
    {"kc.none-defined", "定義なし"},
    {"input.not-a-file", "{path}: 通常のファイルではなく{kind}です"},
    {"input.kind.folder", "フォルダー"},
    {"input.kind.fifo", "名前付きパイプ"},
    {"input.kind.socket", "ソケット"},
    {"input.kind.device", "デバイス"},
    {"input.kind.other", "特殊ファイル"},
    {"value.absent", "なし"},
    {"value.file.empty", "{file} が空"},
    {"value.file.hard-link", "{file} はハードリンクなので読み取らない"},
    {"value.file.missing", "{file} がない"},
    {"value.file.not-regular", "{file} は通常のファイルではない"},
    {"value.file.not-text", "{file} はテキストではない（{reason}）"},
    {"value.file.too-large", "{file} が 1 MiB を超えている"},
    {"value.file.unreadable", "{file} を読み取れない（{reason}）"},
    {"value.gpu-one.expected", "Pod {pod}: {resource} の requests = limits = {amount}"},
    {"value.manifest.kinds", "{file} の内容: {kinds}"},
    {"value.manifest.not-yaml", "{file} は有効な YAML ではない"},
    {"value.node-not-found", "ノード {node} が見つからない"},
    {"value.none", "なし"},
    {"value.not-bound", "どのノードにも割り当てられていない"},
    {"value.not-found", "見つからない"},
    {"value.pending.bound", "{bound} に割り当て済み"},
    {"value.pending.insufficient", "Pod {pod}: ノードなし、Pending、Insufficient {resource} で Unschedulable"},
    {"value.pending.taint", "Pod {pod}: ノードなし、Pending、テイントが原因で Unschedulable"},
    {"value.placed.expected", "Pod {pod} がスケジューラーによって {node} に割り当て済み"},
    {"value.placed.node-name-by-client", "{pod} の作成時に spec.nodeName が指定されていた"},
    {"value.placed.not-scheduled-condition", "PodScheduled が True ではない"},
    {"value.pod-not-found", "{namespace} に Pod {pod} が見つからない"},
    {"value.scheduler-file.insufficient",
     "{file} に、Pod {pod} と一致する Insufficient {resource} のスケジューラーメッセージ"},
    {"value.scheduler-file.none", "スケジューラーのメッセージなし"},
    {"value.scheduler-file.taint", "{file} に、Pod {pod} と一致し、テイントを理由とするスケジューラーメッセージ"},
    {"value.step1.gpu-labels.actual", "不足: {missing}; 誤り: {wrong}"},
    {"value.step1.gpu-labels.expected", "{node} にラベル {labels}"},
    {"value.step1.namespace.expected", "Namespace {namespace}、phase Active"},
    {"value.step1.other-nodes-clean.clean", "{nodes} にはなし"},
    {"value.step1.other-nodes-clean.expected", "{node} 以外のどのノードにも nvidia.com/gpu.* ラベルなし"},
    {"value.step2.advertised-file.all-none", "全ノードが <none> か空"},
    {"value.step2.advertised-file.bare-numbers", "ノード名のない数値だけ: {numbers}"},
    {"value.step2.advertised-file.expected",
     "{file} に全ノードがあり、{node} は {amount}、ほかは <none>、空、または 0"},
    {"value.step2.advertised-file.unreadable", "{file} を解釈できない: {reason}"},
    {"value.step2.allocatable.expected", "{node} status.allocatable[{resource}] = {amount}"},
    {"value.step2.capacity.expected", "{node} status.capacity[{resource}] = {amount}"},
    {"value.step2.other-nodes.expected", "{node} 以外の全ノードで {resource} がないか 0"},
    {"value.step2.other-nodes.none", "ほかのノードはアドバタイズしていない"},
    {"value.step3.apiserver-rejects.expected",
     "{mismatch_file} は \"must be equal to {resource} limit\"、{fraction_file} は \"must be an integer\" "
     "で拒否（422 Invalid）"},
    {"value.step3.fraction-manifest.expected", "{file} に、整数でない {resource} の量を要求する Pod"},
    {"value.step3.mismatch-manifest.expected", "{file} に、{resource} の requests と limits が異なる整数の Pod"},
    {"value.step3.not-created.expected", "{namespace} に Pod {pods} なし"},
    {"value.step3.not-created.no-names", "Pod 名が不明（マニフェストがない）"},
    {"value.step3.not-created.none", "どれも存在しない"},
    {"value.step3.rejected-file.both", "拒否 {count} 件、両方のルールあり"},
    {"value.step3.rejected-file.expected",
     "{file} に両方の拒否: \"must be equal to {resource} limit\" と \"must be an integer\""},
    {"value.step3.rejected-file.fraction-only", "拒否 {count} 件、整数のルールのみ"},
    {"value.step3.rejected-file.mismatch-only", "拒否 {count} 件、requests == limits のルールのみ"},
    {"value.step3.rejected-file.neither", "拒否 {count} 件、どちらのルールもなし"},
    {"value.step4.manifest.expected",
     "{file} の Pod {pod}: limits だけに {resource}: {amount}、nodeSelector・nodeName・affinity なし"},
    {"value.step5.cpu-only-spec.expected",
     "{file} と Pod {pod}: {resource} なし、nodeSelector {selector}、{taint} へのトレレーションなし"},
    {"value.step5.taint.expected", "{node} にテイント {taint}、ほかのノードには {key} のテイントなし"},
    {"value.step5.trainer-not-evicted.expected", "Pod {pod} が {node} に割り当てられたまま動いている"},
    {"value.step6.gate-kept.expected", "テイント {taint} が {node} に残り、Pod {pod} は Pending のまま"},
    {"value.step6.gate-kept.kept", "テイントは維持、{pod} は Pending"},
    {"value.step6.gate-kept.no-taint", "テイントがなくなった"},
    {"value.step6.toleration.expected",
     "Pod {pod} が {taint} を許容（key {key}、Equal {value} または Exists、effect {effect} または空）"},
    {"value.step7.same-as-trainer2.expected", "{file} と Pod {pod} が、名前以外は {other_file} と {other} に一致"},
    {"value.step7.same-as-trainer2.same", "{other} と同じ"},
    {"value.step8.conflicting", "{key} が異なる値で 2 回書かれている"},
    {"value.step8.count-from-cluster", "{key}=クラスターから数えた数"},
    {"value.step8.format.actual", "空でない行 {lines} 行、既知のキー {keys} 個"},
    {"value.step8.format.expected", "KEY=VALUE（または KEY: VALUE）の 7 行、{keys} を 1 回ずつ"},
    {"value.step8.fractional.expected", "FRACTIONAL=否定の 1 語（不可、禁止、no、rejected ...）"},
    {"value.step8.key-missing", "{file} に {key} がない"},
    {"value.step8.live-count", "{key}={live}（今クラスターから数えた値）"},
    {"value.step8.requests-equal-limits.expected", "REQUESTS_EQUAL_LIMITS=肯定の 1 語（はい、必須、yes、equal ...）"},
    {"value.step8.scheduler-sees.expected", "SCHEDULER_SEES=数値（numbers）"},
    {"value.step8.taint.expected", "TAINT={node} の {resource} テイントを key=value:Effect の形で"},
    {"value.step8.taint.no-live", "{node} に {resource} のテイントなし"},
    {"value.step3.apiserver-rejects.dry-run-off", "未チェック: --no-dry-run でドライランが無効です ({files})"},
    {"cli.opt.timeout",
     "ライブ収集 1 回にかけてよい合計時間。再試行と Retry-After の待ちを含む（例: 60s。0 = 無制限）"},
    // items and rules named in environment hints; flag combinations; told-once causes; batch table
    {"item.nodes", "ノード一覧"},
    {"item.pods", "名前空間 {namespace} の Pod 一覧"},
    {"item.node-pods", "ノード {node} 上の全名前空間の Pod 一覧"},
    {"item.namespace", "名前空間 {namespace}"},
    {"item.dry-run", "{file} のサーバー側 dry-run 作成"},
    {"rbac.nodes", "nodes に対する get, list（クラスター全体）"},
    {"rbac.pods", "名前空間 {namespace} の pods に対する get, list"},
    {"rbac.node-pods", "pods に対する list（クラスター全体）"},
    {"rbac.namespace", "namespaces に対する get"},
    {"rbac.dry-run", "名前空間 {namespace} の pods に対する create"},
    {"cli.error.live-only", "{flag} はライブのチェック用です。--snapshot のバンドルには収集済みの内容が入っています"},
    {"cli.error.bad-jobs", "--jobs \"{value}\": 1 から {max} までの整数ではありません"},
    {"cli.error.bundle-only", "{flag} はバンドル (--snapshot) の採点用です。ライブのチェックには使えません"},
    {"cli.error.batch-format",
     "--format {format}: 複数のバンドルからは一括の集計を作ります。--format {formats} のいずれかを使ってください"},
    {"cli.error.batch-user",
     "--user は提出物ひとつを指します。一括採点では各行の名前をバンドルの `student` "
     "フィールドから、なければファイル名から取ります"},
    {"cli.error.format-needs-user", "--format {format} には --user（スコアを受け取る LMS のユーザー ID）が必要です"},
    {"cli.error.output-not-regular",
     "--output {output} は{kind}です。レポートは通常のファイルか標準出力（-o "
     "-）にだけ書きます。ファイルを選んでください"},
    {"cli.error.output-is-pages-list",
     "--output {output} は gpuwhy が書いたページの一覧です。そこに書くと gpuwhy "
     "が自分の書いたページをすべて拒否するようになるので、別のファイルを選んでください"},
    {"cli.error.bad-env-number", "{name}=\"{value}\": 1 以上の整数ではありません"},
    {"cli.error.empty-output", "--output に空のパスが指定されました（標準出力は - で指定します）"},
    {"cli.error.output-is-input",
     "--output {output} は{what}です。そこに書くと gpuwhy "
     "が読むファイルを上書きしてしまうので、別のファイルを選んでください"},
    {"cli.opt.roster",
     "一括採点: クラスの名簿（1 行に ID ひとつ、または id 列のある CSV）。クラスのページに未提出の学生が表示されます"},
    {"cli.opt.due",
     "一括採点: 締め切り（`RFC 3339`、例: "
     "2026-12-07T09:00:00+09:00）。締め切り後に取られたスナップショットはクラスのページで提出遅れとして示されます"},
    {"cli.opt.require-integrity",
     "疑わしいバンドル(検出があるか、バッチの他の提出物と同じクラスター)を拒否します。終了コード 3、検出は `stderr` "
     "に出し、レポートの得点はそのままです"},
    {"cli.error.integrity", "{source}: --require-integrity により拒否: {line}"},
    {"cli.opt.pages", "一括採点: 学生ごとのレポートページをこのフォルダーに書き、クラスのページからリンクします"},
    {"cli.error.batch-only", "{flag} は一括採点（複数の --snapshot バンドル、またはバンドルのフォルダー）用です"},
    {"cli.error.bad-due",
     "--due \"{value}\": `RFC 3339` の時刻ではありません（例: 2026-12-07T09:00:00+09:00、2026-12-07T00:00:00Z）"},
    {"cli.error.pages-not-folder", "--pages {path}: フォルダーではありません"},
    {"input.not-a-duration", "{flag} \"{value}\": 時間の長さではありません（例: 30s、2m、500ms）"},
    {"input.no-bundles", "{path}: 採点する *.json バンドルがフォルダーにありません"},
    {"cli.error.dir-missing", "--dir {dir}: そのフォルダーはありません"},
    {"cli.error.dir-not-folder", "--dir {dir}: フォルダーではありません"},
    {"cli.error.dir-not-lab", "--dir {dir}: 実習フォルダーではありません（\"k8s/\" も \"out/\" もありません）"},
    {"cli.error.dir-inside-lab",
     "{dir} は実習フォルダー {lab} の中です: そこで実行するか、--dir {lab} を指定してください"},
    {"cli.error.no-lab-dir",
     "実習フォルダーがありません: {here} には \"k8s/\" も \"out/\" もなく、{dir} も実習フォルダーではありません。--dir "
     "実習フォルダー を指定してください"},
    {"output.pages-mkdir", "--pages {path}: フォルダーを作成できません: {reason}"},
    {"output.pages-list",
     "--pages: gpuwhy が書いたページの一覧 {file} を使えません（{reason}）。そのフォルダーのページは置き換えません"},
    {"output.pages-write", "--pages: ページを書けませんでした: {reason}"},
    {"output.page-not-ours",
     "--pages: {file} はすでにあり、gpuwhy が書いたファイルではありません。そのままにし、{user} のページは作りません"},
    {"cli.error.roster-unreadable", "--roster: 名簿を読めません: {reason}"},
    {"cli.error.roster-empty", "--roster {path}: 学生の ID がひとつもありません"},
    {"cli.error.roster-no-id",
     "--roster {path}: CSV の見出し行に ID の列（`id`、`student`、`student_id`、`login`、`user`）がありません"},
    {"cli.error.roster-not-text",
     "--roster {path}: テキストファイルではありません（1 行に ID ひとつ、または id 列のある CSV）"},
    {"cli.input.roster", "名簿 {file}"},
    {"cli.input.bundle", "採点中のバンドル {file}"},
    {"cli.input.kubeconfig", "kubeconfig の解決で読むファイル {file}"},
    {"cli.input.lab-file", "ラボフォルダーのファイル {file}"},
    {"ui.env.heading",
     "あなたの作業の問題ではありません: 環境のひとつの原因で {count} 件のチェックを採点できませんでした:"},
    {"ui.env.cause", "原因"},
    {"ui.env.fix", "対処"},
    {"ui.env.more", "（同じ種類がほかに {count} 件）"},
    {"ui.env.see-above", "エラー（上記参照）"},
    {"ui.env.fix.unavailable",
     "コントロールプレーンが動いていて kubeconfig がそれを指していることを確認し（kubectl get nodes "
     "が応答すること）、gpuwhy check を再実行してください。"},
    {"ui.env.fix.unauthorized",
     "apiserver が gpuwhy の認証情報を受け付けませんでした（401）。kubeconfig "
     "のユーザーと証明書を確認してください。その後にアカウントに必要な権限: {rules}。"},
    {"ui.env.fix.kubeconfig",
     "--kubeconfig で渡したパスとファイルを確かめてください(kubectl --kubeconfig パス get nodes "
     "が答える必要があります)。"},
    {"ui.env.fix.input",
     "--snapshot に渡したパスと、そのファイルが gpuwhy snapshot の書いたバンドルであることを確かめてください。"},
    {"ui.env.fix.forbidden", "gpuwhy が使うアカウントに次の RBAC 権限が必要です: {rules}。"},
    {"ui.env.fix.not-collected",
     "今回の実行では収集されていません（例: "
     "ファイルだけの実行）。ライブのクラスターに対してもう一度採点してください。"},
    {"ui.batch.user", "提出物"},
    {"ui.batch.score", "スコア"},
    {"ui.batch.counts", "合格/不合格/エラー"},
    {"ui.batch.not-graded", "採点できません: {error}"},
    {"ui.batch.incomplete", "未完了、スコアなし"},
    {"ui.batch.summary", "提出物 {count} 件: 採点 {scored} 件、未完了 {incomplete} 件（スコアなし）"},
    {"cli.opt.github-output",
     "github-classroom の結果を base64 でエンコードし、result=... として $GITHUB_OUTPUT のファイルに追記します"},
    {"cli.error.github-output-format", "--github-output は --format github-classroom と一緒に使います"},
    {"cli.error.github-output-unset",
     "--github-output: GITHUB_OUTPUT が設定されていません（GitHub Actions はすべてのステップで設定します）"},
    {"output.github-output-write", "--github-output: {path} に追記できません: {reason}"},
    {"ui.report.title", "gpuwhy 採点結果"},
    {"ui.report.meta", "gpuwhy {version}、Kubernetes {server}、採点日時 {generated_at}、取得元 {source}"},
    {"ui.report.status.pass", "合格"},
    {"ui.report.status.fail", "不合格"},
    {"ui.report.status.error", "エラー"},
    {"ui.report.status.skip", "スキップ"},
    {"ui.report.col.status", "状態"},
    {"ui.report.col.check", "チェック"},
    {"ui.report.col.points", "点数"},
    {"ui.report.col.details", "詳細"},
    {"ui.class.title", "クラスの採点概要"},
    {"ui.class.mean", "採点済みの実行の平均点: {mean} %"},
    {"ui.class.stats", "中央値 {median} %、最低 {min} %、最高 {max} %、満点 {perfect} 人"},
    {"ui.class.histogram", "得点分布"},
    {"ui.class.histogram.aria",
     "採点済みの実行 {scored} 件の得点を {bins} 区間に分けたヒストグラム。表に同じ件数があります"},
    {"ui.class.bin", "得点範囲"},
    {"ui.class.students", "人数"},
    {"ui.class.steps", "ステップ別の合格率（低い順）"},
    {"ui.class.checks", "チェック別の合格率（低い順）"},
    {"ui.class.step", "ステップ"},
    {"ui.class.passed", "合格"},
    {"ui.class.graded", "採点"},
    {"ui.class.rate", "合格率"},
    {"ui.class.mistake.count", "{count} 人"},
    {"ui.class.explain", "このチェックが見ること（gpuwhy explain {check}）"},
    {"ui.class.incomplete", "未完了の実行（採点なし）"},
    {"ui.class.incomplete.errors", "{errors} 件のチェックを評価できませんでした（学生の作業ではなく環境が原因）"},
    {"ui.class.none", "なし"},
    {"ui.class.versions", "見られた Kubernetes のバージョン"},
    {"ui.class.unknown-version", "不明"},
    {"ui.class.table", "学生別・ステップ別の得点"},
    {"ui.class.filter", "次のチェックに不合格の学生だけ表示"},
    {"ui.class.filter.all", "（全員）"},
    {"ui.class.col.kubernetes", "Kubernetes のバージョン"},
    {"ui.class.col.reason", "理由"},
    {"ui.class.sort-hint", "列見出しをクリックするとその列で並べ替えます。"},
    {"ui.integrity.label", "完全性"},
    {"ui.integrity.suspect",
     "完全性: このバンドルは疑わしいです(検出 {count} 件)。得点は変わりません。人が確認してください。"},
    {"ui.integrity.and-more", "ほか {count} 人"},
    {"ui.integrity.same-cluster", "{others} と同じクラスターから取得"},
    {"ui.integrity.same-bundle", "{others} とまったく同じバンドル"},
    {"ui.class.suspect", "疑わしい"},
    {"ui.class.numbers.suspect", "疑わしい {suspect} 人"},
    {"ui.class.reteach", "もう一度教えること"},
    {"ui.class.reteach.intro",
     "根本原因が属する概念ごとに、該当する学生の多い順です。その原因で他のチェックが不合格になっても、学生は概念ごとに"
     "一度だけ数えます。"},
    {"ui.class.concept.roots", "根本原因"},
    {"ui.class.roots", "根本原因(学生の多い順)"},
    {"ui.class.more-roots", "ほかの根本原因 {count} 件"},
    {"ui.class.no-roots", "採点済みの実行で不合格のチェックはありません。"},
    {"ui.class.grid.intro",
     "各セルはステップの得点です。● と枠のあるセルに根本原因があります。学生名を押すとその学生のレポートが開きます。"},
    {"ui.class.col.roots", "根本原因"},
    {"ui.class.col.taken", "取得時刻"},
    {"ui.class.root-mark", "このステップに根本原因があります"},
    {"ui.class.late", "遅延"},
    {"ui.class.not-on-roster", "名簿にない"},
    {"ui.class.missing.title", "名簿にあり未提出の学生({count} 人)"},
    {"ui.class.not-on-roster.title", "提出したが名簿にない学生({count} 人)"},
    {"ui.class.due", "締め切り {due}: これより後に取得された実行は遅延と表示します。"},
    {"ui.class.numbers.roster", "未提出 {missing} 人、名簿にない {unknown} 人"},
    {"ui.class.help", "支援が必要な学生"},
    {"ui.class.help.intro", "根本原因の多い順、次に得点の低い順です。名前を押すとその学生のレポートが開きます。"},
    {"ui.class.help.roots", "根本原因 {count} 件: {ids}"},
    {"ui.class.help.no-root", "根本原因なし"},
    {"ui.class.help.more", "ほか {count} 人"},
    {"ui.class.help.none", "採点された学生は全員満点です。"},
    {"ui.class.help.unscored", "未採点"},
    {"ui.class.incomplete.badge", "未完了"},
    {"ui.class.missing.badge", "未提出"},
    {"ui.class.near-miss", "{user} として提出？"},
    {"ui.class.more-concepts", "ほか {count} 件の概念"},
    {"ui.report.student-id", "学籍番号 {user}"},
    {"ui.report.title.user", "{user} · gpuwhy 採点結果"},
    {"ui.report.title.named", "{name} ({user}) · gpuwhy 採点結果"},
    {"ui.class.numbers.late", "遅延 {late} 人"},
    {"concept.labels.title", "GPU ノードのラベルと演習の名前空間"},
    {"concept.labels.teach",
     "ノードラベルの付け方と確認の仕方(kubectl "
     "label、--show-labels、-L)、そしてちょうど一つのノードにだけ付けること。"},
    {"concept.extended-resources.title", "GPU の広告: capacity と allocatable"},
    {"concept.extended-resources.teach",
     "拡張リソースはノードの status にあります。status サブリソースで capacity と allocatable "
     "の両方をパッチします。スケジューラーが見るのは allocatable です。"},
    {"concept.apiserver-rules.title", "GPU 要求に対する apiserver の二つの規則"},
    {"concept.apiserver-rules.teach",
     "拡張リソースは整数のみで、requests は limits と等しくなければなりません(limits だけなら requests "
     "になります)。それ以外はスケジューリングの前に apiserverが拒否します。"},
    {"concept.gpu-pods.title", "GPU を要求する Pod を書く"},
    {"concept.gpu-pods.teach",
     "Pod スペックでの resources.limits/requests の位置と、要求を変えずに名前だけ変えて Pod を複製する方法。"},
    {"concept.taints.title", "テイント: ノードから Pod を遠ざける"},
    {"concept.taints.teach",
     "テイント はノードの key=value:effect です。NoSchedule は新しい Pod を止め、実行中の Pod はそのままにします。"},
    {"concept.tolerations.title", "トレレーション: テイントのあるノードに Pod を許す"},
    {"concept.tolerations.teach",
     "トレレーション は テイント の key、value(または Exists)、effect "
     "と一致する必要があります。ノードを許すだけで、ノードを選びはしません。"},
    {"concept.scheduling.title", "スケジューラーが Pod を配置する仕組み"},
    {"concept.scheduling.teach",
     "スケジューラーは空きがあり、許容されない テイント のないノードにだけ Pod をバインドします。nodeName "
     "を手で書くとスケジューラーを通りません。"},
    {"concept.scheduler-messages.title", "スケジューラーの理由を読む"},
    {"concept.scheduler-messages.teach",
     "Pending の Pod の \"FailedScheduling\" イベントを読みます。'untolerated taint' と 'Insufficient nvidia.com/gpu' "
     "は原因も直し方も違います。"},
    {"concept.saving-output.title", "コマンドが表示した内容を保存する"},
    {"concept.saving-output.teach",
     "手で要約せず、コマンドの実際の出力をファイルに保存します(kubectl ... > out/file.txt、apiserver のエラーは "
     "2>&1)。"},
    {"concept.counting.title", "クラスターから GPU を数える"},
    {"concept.counting.teach",
     "allocatable、使用量、Pending の数はその時点のクラスターから求めます。ノード上の Pod の要求を合計し、Pending の "
     "Pod を数えます。"},
    {"concept.other.title", "その他のチェック"},
    {"concept.other.teach", "演習のどの概念にも属さないチェックの根本原因です。"},
    {"item.live-pod", "Pod {pod}"},
    {"reason.advertised.json-nodes", "数量と対になったノード名がない"},
    {"reason.advertised.apart",
     "ノード名とそれより少ない数量が別々に出力されている: jsonpath はリソースのないノードには何も出力しないため、"
     "どの数量がどのノードのものか分からない。`{range .items[*]}...{end}` でノードごとに出力してください"},
    {"reason.advertised.describe", "Name: 行のない describe 出力"},
    {"reason.advertised.no-rows", "行がない"},
    {"reason.advertised.no-gpu-column", "表に GPU の列がない"},
    {"reason.advertised.label-column",
     "GPU の列がノードのラベル（kubectl get nodes -L）: ラベルは手順 1 で付けたもので、ノードが `status` "
     "で知らせる数量ではない"},
    {"reason.advertised.header-only", "ヘッダーだけで行がない"},
    {"reason.advertised.empty", "ファイルが空"},
    {"reason.advertised.bad-json", "JSON のように見えるが解析できない"},
    {"reason.advertised.yaml", "解析できない YAML: {detail}"},
    {"ui.env.fix.config",
     "使える kubeconfig が見つかりません。--kubeconfig FILE を渡すか、KUBECONFIG を設定するか、~/.kube/config "
     "を作ってください（kubectl config view で kubectl が使う設定を確認できます）。その後 gpuwhy check "
     "を再実行してください。"},
    {"ui.env.fix.tls",
     "apiserver の証明書を検証できませんでした。kubeconfig の certificate-authority(-data) "
     "とサーバーのアドレスを確認してください"
     "（同じ kubeconfig で kubectl get nodes が応答すること）。"},
    {"cli.completion", "bash、zsh、fish 用のシェル補完スクリプトを出力します"},
    {"cli.opt.shell", "シェル: bash、zsh または fish"},
    {"cli.error.unknown-shell", "\"{shell}\": このシェルの補完はありません（bash、zsh、fish）"},
    {"cli.man.name", "名前"},
    {"cli.man.synopsis", "書式"},
    {"cli.man.options", "オプション"},
    {"cli.man.commands", "コマンド"},
    {"cli.man.exit-status", "終了ステータス"},
    {"cli.man.environment", "環境変数"},
    {"cli.man.examples", "例"},
    {"cli.man.env.GPUWHY_LANG", "すべてのテキストの言語: en、ko、ja（kr、jp も可）。--lang が優先します。"},
    {"cli.man.env.GPUWHY_LIST_MAX_BYTES",
     "1 回のライブ収集ですべての一覧が合わせて持てる最大の大きさ。メモリー上のバイト数（既定 268435456、256 "
     "MiB）。超えるとその一覧を示すエラーで収集が終わります。"},
    {"cli.man.env.GPUWHY_LIST_MAX_ITEMS",
     "1 回のライブ収集ですべての一覧が合わせて持てる最大の項目数（既定 500000）。超えるとその一覧を示すエラーで収集が"
     "終わります。"},
    {"cli.man.env.LANG", "--lang も GPUWHY_LANG もないときの言語（ja_JP.UTF-8 は日本語）。"},
    {"cli.man.env.KUBECONFIG",
     "コロンでつないだ kubeconfig ファイル。kubectl と同じように読みます。--kubeconfig が優先し、どちらもなければ "
     "~/.kube/config を使います。"},
    {"cli.man.env.NO_COLOR", "空でない値があれば、表に色を付けません。"},
    {"cli.man.env.GITHUB_OUTPUT", "--github-output が結果を追記するファイル（GitHub Actions が設定します）。"},
    {"cli.man.env.COLUMNS", "出力が端末でないときに表、explain、--help が合わせる幅（既定 80）。"},
    {"cli.man.example.student", "学生が実習フォルダーで、保存したファイルと実際のクラスターを採点します:"},
    {"cli.man.example.explain", "ステップ 2 のチェックが何を見るか、自分で確かめる方法:"},
    {"cli.man.example.why", "Pod が Pending のままの理由をノードごとに:"},
    {"cli.man.example.ci", "CI が保存したバンドルを JUnit で採点します。チェックが失敗すると終了ステータスは 1 です:"},
    {"cli.man.example.instructor", "講師がバンドルのフォルダーからクラス全体のページを作ります:"},
    {"cli.man.one-of", "値: {values} のいずれか。"},
    {"cli.man.default", "既定: {value}。"},
    {"cli.man.repeatable", "複数回指定できます。"},
    {"cli.man.exit.0", "選択したすべてのチェックに合格しました。"},
    {"cli.man.exit.1", "少なくとも一つのチェックが不合格です。"},
    {"cli.man.exit.2", "使い方の誤り: 何かを読み込む・要求する前にフラグが拒否されました。"},
    {"cli.man.exit.3",
     "採点を完了できませんでした（チェックが error: apiserver に接続できない、権限がない など）。0 点にはなりません。"},
    {"cli.man.exit.4",
     "gpuwhy why のみ: 完全には説明できません。スケジューラーが gpuwhy のモデル化していないプラグインの理由を挙げたか、"
     "gpuwhy の関門では収まる Pod を拒否しました。バインドは予測しません。（why では 1 は存在しないノードを指す "
     "spec.nodeName も意味します。）"},
    // ---- gpuwhy why -------------------------------------------------------------------------
    {"cli.why", "Pod を Pending に留めているスケジューラーの関門を、ノードごとに数値付きで示します"},
    {"cli.opt.why-pod", "Pod: NAME または pod/NAME"},
    {"cli.opt.namespace", "Pod の名前空間（既定: kubeconfig のコンテキストの名前空間、なければ \"default\"）"},
    {"cli.opt.why-all", "名前空間のすべての Pending の Pod"},
    {"cli.opt.why-format", "出力形式: table または json"},
    {"cli.error.why-pod-or-all", "Pod（NAME または pod/NAME）か --all のどちらか一方を指定してください"},
    {"cli.error.why-bad-pod", "\"{pod}\": Pod の名前ではありません（NAME または pod/NAME）"},
    {"cli.error.why-no-pod", "Pod {namespace}/{pod} が見つかりません"},
    {"cli.error.why-no-pod-elsewhere",
     "Pod {namespace}/{pod} が見つかりません。Pod {pod} は名前空間 {namespaces} にあります: gpuwhy why {pod} -n "
     "{other}"},
    {"why.ui.lab-held",
     "演習では {pod} はここでわざと Pending のままです（ステップ {step}）: 上の理由が学ぶ内容です。対処法は "
     "Kubernetes が Pod を動かす方法であり、適用すると演習が元に戻ります。"},
    {"why.ui.priority", "優先度 {priority} (`priorityClassName` {class})、`preemptionPolicy` {policy}。"},
    {"why.ui.victim", "{pod} (優先度 {priority})"},
    {"why.ui.preempts",
     "プリエンプション: スケジューラーは {node} で {victims} を退去させ、{node} を指名し、次の試行で Pod を"
     "そこにバインドします (その前に別の Pod が空きを取らなければ)。"},
    {"why.ui.preempt-unsure",
     "gpuwhy が確認するゲートでは、プリエンプションは {node} で {victims} を退去させますが、決めるのは gpuwhy "
     "がモデル化していないもの (下記) です。"},
    {"why.ui.preempt-never",
     "`preemptionPolicy` が `Never` です: スケジューラーはこの Pod のためにどの Pod も退去させず、ノードに空きが"
     "できるまで待ちます。"},
    {"why.ui.preempt-terminating",
     "Pod が指名されたノードで、優先度の低い Pod がすでにプリエンプションで終了中です: スケジューラーはそれが"
     "消えるまで再びプリエンプトしません。"},
    {"why.ui.preempt-none",
     "プリエンプションは役に立ちません: 優先度の低い Pod をすべて退去させても、Pod が入るノードはありません。"},
    {"why.detail.victims", "ここでのプリエンプションで退去する Pod: {victims}"},
    {"why.detail.preempt-short", "優先度の低い Pod がなくても: {reasons}"},
    {"why.ui.pod", "Pod {namespace}/{pod}（{phase}）、要求: {request}"},
    {"why.ui.no-request", "なし"},
    {"why.ui.col.node", "ノード"},
    {"why.ui.col.gate", "関門"},
    {"why.ui.col.why", "理由"},
    {"why.ui.fits", "収まる"},
    {"why.ui.fix", "対処: {fix}"},
    {"why.ui.summary", "gpuwhy の判定: {summary}"},
    {"why.ui.scheduler", "スケジューラー（{source}）: {message}"},
    {"why.ui.agrees", "スケジューラーの理由は gpuwhy の判定と同じです。"},
    {"why.ui.disagrees",
     "スケジューラーの理由が gpuwhy の判定と異なります: その後クラスターが変わったか、gpuwhy "
     "がモデル化していないプラグインが判定しました（下記参照）。"},
    {"why.ui.not-modelled", "gpuwhy はモデル化していません: {what}。ここはスケジューラーだけが判定します。"},
    {"why.ui.bound", "Pod は {node} にバインドされています: 止めているスケジューラーの関門はありません。"},
    {"why.ui.gated",
     "Pod にスケジューリングゲート（{gates}）があります: スケジューラーはまだこの Pod を試しておらず、"
     "ゲートがすべて外されるまで試しません。以下はそのときスケジューラーが行うことです。"},
    {"why.ui.gated-fits-on",
     "ゲートが外されると、Pod は {count} 台のノードに収まります: "
     "{nodes}。スケジューラーが最初の試行でバインドします。"},
    {"why.ui.gated-summary", "ゲートが外されたときの gpuwhy の判定: {summary}"},
    {"why.ui.unserved-scheduler",
     "spec.schedulerName が {name} です: default-scheduler はこの Pod を扱わず、どのスケジューラーもこの Pod "
     "に判定を書いていません（PodScheduled 条件も `FailedScheduling` イベントもありません）。{name} を担当する"
     "スケジューラーがなければ Pod は Pending のままです: spec.schedulerName を default-scheduler にするか外して"
     "作り直してください。gpuwhy はバインドを予測しません。上の行は default-scheduler ならどうするかです。"},
    {"why.ui.fits-on", "Pod は {count} 台のノードに収まります: {nodes}。スケジューラーが次の試行でバインドします。"},
    {"why.ui.other-scheduler", "spec.schedulerName が {name} です: gpuwhy は default-scheduler だけをモデル化します。"},
    {"why.ui.prefilter", "どのノードも試す前に拒否されました: {reason}。"},
    {"why.ui.node-missing",
     "spec.nodeName は {node} を指していますが、ノード {node} は存在しません。ノードを指定した Pod "
     "はスケジューラーが扱いません: kubelet の担当ですが、kubelet {node} はありません。ノード {node} "
     "が参加するか、spec.nodeName なしで（または存在するノードを指定して）作り直すまで Pending のままです。"},
    {"why.ui.node-gone",
     "spec.nodeName は {node} を指していますが、ノード {node} は存在しません: Pod はそのノードにバインドされ、"
     "その後ノードが削除されました。フェーズ（{phase}）は最後に書かれたもので、今この Pod を動かしているものは"
     "ありません。Pod ガベージコレクター（kube-controller-manager）が存在しないノードの Pod を削除し、"
     "コントローラーがあればスケジューラーが配置する新しい Pod を作ります。"},
    {"why.ui.gate.not-modelled", "（モデル化外）"},
    {"why.ui.gate.passes", "gpuwhy が確認する関門はすべて通過。それでもスケジューラーは拒否"},
    {"why.ui.one-of", "次のいずれか: {reasons}"},
    {"why.ui.not-explained",
     "完全には説明できません: ここで決めているのは gpuwhy のモデルの外にあるため、gpuwhy はバインドを予測しません。"},
    {"why.ui.unmodelled-nodes",
     "スケジューラー、{count} 台のノードで、gpuwhy がモデル化していないプラグインにより: {reason}"},
    {"why.ui.unmodelled-pod",
     "スケジューラー、どのノードも試す前に、gpuwhy がモデル化していないプラグインにより: {reason}"},
    {"why.ui.says-no",
     "スケジューラーの直近の試行ではノードが見つかりませんでしたが、Pod は gpuwhy の関門を通過します: "
     "その後クラスターが"
     "変わったか、gpuwhy がモデル化していないプラグインが決めました"},
    {"why.ui.checked-fits",
     "gpuwhy が確認したのは {gates} だけです。それによれば Pod は {count} 台のノードに収まります: {nodes}。"},
    {"why.ui.checked-none", "gpuwhy が確認したのは {gates} だけです。それによれば Pod が収まるノードはありません。"},
    {"why.ui.no-pending", "名前空間 {namespace} に Pending の Pod はありません。"},
    {"why.detail.prefilter",
     "Pod の必須ノードアフィニティが他のノードを名前で固定しているため（matchFields "
     "metadata.name）、{node} は試されません"},
    {"why.fix.prefilter", "必須ノードアフィニティの metadata.name の値に {node} を加えるか、その項を外してください"},
    {"why.detail.conflict",
     "必須ノードアフィニティの各項がそれぞれ別のノード名の集合を固定し（matchFields "
     "metadata.name）、集合が重なりません"},
    {"why.fix.conflict", "各項の metadata.name の値が少なくとも 1 台のノードを指すようにしてください"},
    {"why.detail.unschedulable", "{node} は cordon されています（spec.unschedulable: true）"},
    {"why.fix.unschedulable",
     "kubectl uncordon {node}、または node.kubernetes.io/unschedulable:NoSchedule の"
     "トレレーション"},
    {"why.detail.node-name", "Pod がノード {want} を指定しています（spec.nodeName）"},
    {"why.fix.node-name", "Pod は {want} でしか動きません: spec.nodeName を変えるか外してください"},
    {"why.detail.taint", "テイント {taint} に対するトレレーションがありません"},
    {"why.fix.taint",
     "Pod にトレレーション {toleration} を加えるか、テイントを外してください: kubectl taint node "
     "{node} {untaint}"},
    {"why.detail.selector", "nodeSelector {key}={want}: ノードのラベルは {key}={have}"},
    {"why.detail.selector-missing", "nodeSelector {key}={want}: ノードにラベル {key} がありません"},
    {"why.fix.selector", "kubectl label node {node} {key}={value}、または Pod の nodeSelector を変えてください"},
    {"why.detail.affinity-empty-term", "必須ノードアフィニティの項 {term} には条件がなく、どのノードにも合いません"},
    {"why.detail.affinity-field", "必須ノードアフィニティの項 {term}: {requirement}、しかしノードは {name} です"},
    {"why.detail.affinity-label",
     "必須ノードアフィニティの項 {term}: {requirement}、しかしノードのラベルは {key}={have}"},
    {"why.detail.affinity-label-missing",
     "必須ノードアフィニティの項 {term}: {requirement}、しかしノードにラベル {key} がありません"},
    {"why.detail.affinity-no-term", "必須ノードアフィニティに項がひとつもなく、どのノードにも合いません"},
    {"why.detail.affinity-unusable.field-operator",
     "必須ノードアフィニティの項 {term}: {requirement}: matchFields は演算子 \"{subject}\" "
     "に対応していないため、この項はどのノードにも合いません"},
    {"why.detail.affinity-unusable.field-value-count",
     "必須ノードアフィニティの項 {term}: {requirement}: matchFields の In と NotIn には値がちょうど 1 "
     "つ必要なため、この項はどのノードにも合いません"},
    {"why.detail.affinity-unusable.key",
     "必須ノードアフィニティの項 {term}: {requirement}: \"{subject}\" "
     "は有効なラベルキーではないため、この項はどのノードにも合いません"},
    {"why.detail.affinity-unusable.no-values",
     "必須ノードアフィニティの項 {term}: {requirement}: In と NotIn には値が 1 "
     "つ以上必要なため、この項はどのノードにも合いません"},
    {"why.detail.affinity-unusable.not-integer",
     "必須ノードアフィニティの項 {term}: {requirement}: Gt と Lt には整数が必要ですが \"{subject}\" "
     "は整数ではないため、この項はどのノードにも合いません"},
    {"why.detail.affinity-unusable.operator",
     "必須ノードアフィニティの項 {term}: {requirement}: 演算子 \"{subject}\" "
     "には対応していないため、この項はどのノードにも合いません"},
    {"why.detail.affinity-unusable.value",
     "必須ノードアフィニティの項 {term}: {requirement}: \"{subject}\" "
     "は有効なラベル値ではないため、この項はどのノードにも合いません"},
    {"why.detail.affinity-unusable.value-count",
     "必須ノードアフィニティの項 {term}: {requirement}: Gt と Lt には値がちょうど 1 "
     "つ必要なため、この項はどのノードにも合いません"},
    {"why.detail.affinity-unusable.values-given",
     "必須ノードアフィニティの項 {term}: {requirement}: Exists と DoesNotExist "
     "は値を取らないため、この項はどのノードにも合いません"},
    {"why.fix.affinity", "{node} に必須ノードアフィニティのいずれかの項に合うラベルを付けるか、項を変えてください"},
    {"why.detail.port", "ホストポート {port}/{protocol} は Pod {pod} が使っています"},
    {"why.fix.port", "{port} 以外の hostPort を選ぶか、外してください"},
    {"why.detail.resource",
     "{resource}: 割り当て可能 {allocatable}、バインド済みの Pod の要求 {requested}、空き "
     "{free}。この Pod の要求 {request}: {short} 不足"},
    {"why.detail.pods",
     "pods: ノードの上限 {allocatable} に対して {requested} がバインド済みで、もう 1 つは"
     "入りません"},
    {"why.fix.resource",
     "{node} に空きを作る（バインド済みの Pod を消すか小さくする）か、この Pod の要求を減らして"
     "ください"},
    {"why.fix.resource.no-pods",
     "{node} は Pod を 1 つも受け入れません（status.allocatable に pods がない）: capacity にあるとおり allocatable の "
     "pods を戻してください（kubectl patch node {node} --subresource=status）"},
    {"why.fix.resource.too-big",
     "この Pod は {node} の全量より多く要求しています: 要求を減らすか、ノードの割り当て"
     "可能量を増やしてください"},
    {"why.detail.spread-skew",
     "Pod を {node} に置くと、そのドメインの一致する Pod の数が `DoNotSchedule` の分散制約の `maxSkew` を超えます"},
    {"why.fix.spread-skew",
     "`maxSkew` を上げるか制約を `whenUnsatisfiable: ScheduleAnyway` にする、または他のドメインに先に一致する Pod "
     "を置いてください"},
    {"why.detail.spread-label",
     "{node} には Pod の `DoNotSchedule` の分散制約が使う `topologyKey` のラベルがありません"},
    {"why.fix.spread-label",
     "{node} に制約のすべての `topologyKey` のラベルを付けるか、`spec.topologySpreadConstraints` を変えてください"},
    {"why.detail.pod-affinity",
     "必須の Pod アフィニティの項が選ぶ Pod が {node} のトポロジードメインに 1 つもありません"},
    {"why.fix.pod-affinity",
     "項が選ぶ Pod を先に {node} のドメインで動かすか、`spec.affinity.podAffinity` を変えてください"},
    {"why.detail.pod-anti-affinity",
     "この Pod の必須の Pod アンチアフィニティの項が選ぶ Pod が {node} のトポロジードメインで動いています: {pods}"},
    {"why.fix.pod-anti-affinity",
     "項が選ぶ Pod を {node} のドメインの外へ移すか、`spec.affinity.podAntiAffinity` を変えてください"},
    {"why.detail.existing-anti-affinity",
     "{node} のトポロジードメインにバインドされた Pod の必須の Pod アンチアフィニティの項がこの Pod を選びます: "
     "{pods}"},
    {"why.fix.existing-anti-affinity",
     "この Pod のラベルか名前空間を変えるか、{node} のドメインにバインドされた Pod "
     "のアンチアフィニティを変えてください"},
    // gpuwhy 自身が stderr に書く言葉と、言い直した CLI11 のエラー（cmd/parse_errors.cpp）。
    {"cli.prefix.error", "gpuwhy: エラー:"},
    {"cli.prefix.warning", "gpuwhy: 警告:"},
    {"cli.error.unknown-option", "{option}: `{command}` にこのオプションはありません"},
    {"cli.error.unexpected-argument", "\"{argument}\": `{command}` には渡せない引数です"},
    {"cli.error.missing-argument", "`{command}`: {name} が必要です（{description}）"},
    {"cli.error.missing-value", "{option}: 値がありません"},
    {"cli.error.missing-value-of", "{option}: 値がありません（{values} のいずれか）"},
    {"cli.error.too-many-values", "{option}: 値は 1 つだけですが、複数渡されました"},
    {"cli.error.bad-value", "{option} \"{value}\": 正しい値ではありません"},
    {"cli.error.not-one-of", "{option} \"{value}\": {values} のいずれかを指定してください"},
    {"cli.error.bad-command-line", "`{command}`: 引数を解釈できません"},
    {"cli.error.command-needed", "コマンドを指定してください。コマンドは次のとおりです:"},
    // `gpuwhy explain`: 節の見出し（節は check.*.explain が印を付けた部分です）。
    {"ui.explain.what", "何を確認するか"},
    {"ui.explain.why", "なぜ大切か"},
    {"ui.explain.look", "自分で確かめるには"},
    {"ui.explain.mistakes", "よくある間違い"},
    {"cli.error.explain-step", "\"{step}\": 演習のステップは 1 から {steps} までです"},
    {"cli.error.ambiguous-check",
     "\"{word}\" を含むチェック ID が {count} 個あります: {ids}。ID をもっと詳しく指定してください"},
    // 完全性: バンドルの内容のうち、コントロールプレーンがそうは作らないもの。
    {"integrity.field-unreadable",
     "{object}: {field} が {value} です。apiserver も gpuwhy snapshot もここにこの値を書きません（整合性の検査が"
     "読むフィールドは読める形でなければなりません。全部で {count} 個のフィールド）"},
    {"integrity.published-bundle",
     "{object} の {mark} は、gpuwhy と一緒に公開されたバンドル {bundle} のオブジェクトのものです。"
     "新しいクラスターはすべてのオブジェクトに新しい `uid` を、すべてのイベントに新しい名前を付けるので、"
     "これは学生自身の実習ではなく公開されたキャプチャーです（全部で {count} 個のオブジェクト）"},
    {"integrity.student-mismatch",
     "バンドルには {student} のものと書かれていますが、{submission} として提出されました。この行は "
     "{submission} のものです"},
    {"integrity.bundle-not-live",
     "バンドルにクラスタのデータがあるのに、`live_collected`={live_collected}、`source` \"{source}\" "
     "と記録されています。gpuwhy snapshot は apiserver から読んだものに \"live <server>\" と記録します"},
    {"integrity.time-after-taken-at",
     "{object}: {field} {time} がスナップショットの `taken_at` {taken_at} より後です（時計のずれは5分まで許容、全部で "
     "{count} 個のオブジェクト）"},
    {"integrity.object-before-namespace",
     "{object} は {time} に作られ、名前空間（{namespace_time}）より前です。apiserver "
     "は存在しない名前空間に何も作りません（全部で {count} 個のオブジェクト）"},
    {"integrity.resource-version-above-list",
     "{object}: `resourceVersion` {version} が、一緒に返された {list} リストの `resourceVersion` {list_version} "
     "より大きいです（全部で {count} 個のオブジェクト）"},
    {"integrity.uid-not-uuid",
     "{object}: `uid` \"{uid}\" は apiserver が作る形式ではありません（`RFC 4122`: 8-4-4-4-12 の小文字16進数、全部で "
     "{count} 個のオブジェクト）"},
    {"integrity.uid-shared",
     "{object} と {other} の `uid` が同じ {uid} です。apiserver は一つの `uid` "
     "を二つのオブジェクトに与えません（全部で {count} 個）"},
    {"integrity.scheduled-event-node-mismatch",
     "{event} ではスケジューラーが {pod} を {event_node} に割り当てたとありますが、Pod の spec.nodeName は {node} "
     "です"},
    {"integrity.event-before-pod",
     "{pod} の {event} は {event_time} に起きており、Pod が作られた時刻（{created}）より前です"},
    {"integrity.phase-scheduling-mismatch",
     "{pod}: phase {phase}、spec.nodeName {node}、PodScheduled {scheduled}。`Running` の Pod "
     "はノードにバインドされスケジュール済みで、バインドされていない Pending の Pod はスケジュールされていません"},
    {"integrity.phase-status-mismatch",
     "{pod}: phase {phase}、spec.nodeName {node} ですが、{field} がこれと合いません。ノードのエージェントは Pod "
     "を動かすと `startTime`、IP、コンテナの状態を書き（`Running` の Pod にはあります）、ノードのない Pod "
     "には書きません"},
    {"integrity.unschedulable-without-event",
     "{pod}: PodScheduled 条件は \"{message}\" ですが、この Pod の `FailedScheduling` "
     "イベントにそう書いたものがありません。スケジューラは両方を同時に書きます"},
    {"integrity.last-applied-mismatch",
     "{pod}: {field} は {live} ですが、Pod を作った `last-applied-configuration` には {applied} "
     "とあります。このフィールドは作成後に変えられません"},
    {"integrity.dry-run-mismatch",
     "{file}: 記録された apiserver の応答は {field} を {answered} と引用していますが、マニフェストには {manifest} "
     "とあります"},
    {"integrity.file-size-mismatch",
     "{file}: バンドルには {size} バイトと記録されていますが、中身は {length} バイトです"},
    {"integrity.field-without-manager",
     "{object}: {field} が設定されていますが、このフィールドを持つ `managedFields` の項目がありません。apiserver "
     "はすべてのフィールドを誰が書いたか記録するので、apiserver を通して書かれた値ではありません（全部で {count} "
     "個のフィールド）"},
    {"integrity.managed-fields-missing",
     "{object} に `managedFields` がありません。apiserver は作るすべてのオブジェクトに管理者を記録します（全部で "
     "{count} 個のオブジェクト）"},
    {"integrity.managed-before-created",
     "{object}: `managedFields` では {manager} が {time} に書いたとあり、オブジェクトが作られた時刻（{created}）"
     "より1分以上前です（全部で {count} 個のオブジェクト）"},
    {"integrity.insufficient-with-room",
     "{pod}: スケジューラーが {time} に {total} 個のノードのうち {said} 個で \"Insufficient {resource}\" "
     "と言ったと記録されていますが、{node} には Pod の要求 {request} の空きがありました。それ以前に書かれた"
     "割り当て可能量は {allocatable}、そのときバインドされていた Pod の要求は {requested} です。スケジューラーは"
     "空きのないノードにだけ Insufficient と言います"},
    {"integrity.node-over-allocatable",
     "{node}: このノードにバインドされた Pod の {resource} の要求が {requested} で、割り当て可能量 {allocatable} "
     "を超えています。スケジューラーが {bound} に {pod} をバインドしたとき割り当て可能量はすでに今の値で、"
     "スケジューラーは割り当て可能量を超えてバインドしません"},
    {"type.string", "文字列(値を引用符で囲んでください)"},
    {"type.integer", "整数"},
    {"type.bool", "`true` か `false`"},
    {"type.mapping", "マッピング(`key: value` の行)"},
    {"type.list-of-mappings", "マッピングのリスト(- で始まる行)"},
    {"type.list-of-strings", "[\"sleep\", \"infinity\"] のような文字列のリスト"},
    {"type.mapping-of-strings", "文字列のマッピング(\"true\" や \"1\" のような値は引用符で囲んでください)"},
    {"type.time", "2026-01-02T15:04:05Z のような `RFC 3339` の時刻"},
};

}  // namespace

const std::map<std::string, std::string>& catalog_ja() {
  static const std::map<std::string, std::string> kCatalog = catalog_map(kEntries);
  return kCatalog;
}

}  // namespace gpuwhy::i18n
