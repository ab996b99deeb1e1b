// User-facing texts in this language. Ids are stable; placeholders are {name}.
// A test checks that every catalog has exactly the ids and placeholders of catalog_en.cpp.
// Korean: the terms of the lab text (seed-lab.ko.txt): 테인트, 톨러레이션, 확장 자원, 광고, 스케줄러,
// 노드, 파드, 네임스페이스, 매니페스트, 관문, 대기 (Pending), N단계. Like the lab, a particle after a
// Latin word is separated by a space ("status에"). After a {placeholder} a classifier noun ("{file}
// 파일이", "{pod} 파드가") keeps the particle right whatever the value is.
#include "catalog.h"

namespace gpuwhy::i18n {

namespace {

// A table at namespace scope, not a function body: the texts are data.
constexpr CatalogEntry kEntries[] = {
    {"check.step1.gpu-labels.explain",
     "{node}에 nvidia.com/gpu.present=true, nvidia.com/gpu.product=NVIDIA-A100-SXM4-40GB, nvidia.com/gpu.count=2, "
     "nvidia.com/gpu.deploy.device-plugin=true가 적힌 값 그대로(대소문자 구분) 붙어 있는지 확인합니다. "
     "{part_why}실제 클러스터에서는 gpu-feature-discovery가 이 라벨들을 붙이고, GPU 오퍼레이터는 이 라벨로 어느 "
     "노드에 데몬셋을 띄울지 정합니다. {part_mistakes}흔한 실수: 다른 노드에 라벨 붙이기, 키 오타, true 대신 True."},
    {"check.step1.gpu-labels.look",
     "`kubectl get node {node} -L "
     "nvidia.com/gpu.present,nvidia.com/gpu.product,nvidia.com/gpu.count,nvidia.com/gpu.deploy.device-plugin` 명령이 "
     "네 값을 열로 보여 줍니다. 각 값이 적힌 그대로여야 합니다."},
    {"check.step1.gpu-labels.title", "{node}에 GPU 라벨 네 개가 붙어 있다"},
    {"check.step1.namespace.explain",
     "{namespace} 네임스페이스가 있고 Active 상태인지 확인합니다. {part_why}실습의 모든 파드가 이 네임스페이스에 "
     "있고, gpuwhy는 이 네임스페이스의 파드와 이벤트만 읽습니다. {part_mistakes}흔한 실수: 네임스페이스를 만들지 "
     "않았거나 -n {namespace:을/를} 빠뜨려서 파드를 default 네임스페이스에 만든 경우."},
    {"check.step1.namespace.look", "`kubectl get namespace {namespace}` 명령의 `STATUS`가 `Active`여야 합니다."},
    {"check.step1.namespace.title", "{namespace} 네임스페이스가 있다"},
    {"check.step1.other-nodes-clean.explain",
     "{node} 이외의 노드에 nvidia.com/gpu.* 라벨 키 네 개 중 어느 것도 붙어 있지 않은지 확인합니다. {part_why}CPU "
     "노드에 이 라벨이 있으면 GPU 워크로드(그리고 5단계의 cpu-only 파드)가 GPU가 없는 노드로 끌려갑니다. "
     "{part_mistakes}흔한 실수: 모든 노드에 한꺼번에 라벨 붙이기, lab-node-1에 먼저 붙이고 지우지 않기(kubectl label "
     "node NAME KEY- 로 라벨을 지웁니다)."},
    {"check.step1.other-nodes-clean.look",
     "`kubectl get nodes -L "
     "nvidia.com/gpu.present,nvidia.com/gpu.product,nvidia.com/gpu.count,nvidia.com/gpu.deploy.device-plugin`: 네 "
     "레이블 열에 값이 있는 노드는 {node}뿐이어야 합니다."},
    {"check.step1.other-nodes-clean.title", "다른 노드에는 GPU 라벨이 없다"},
    {"check.step2.advertised-file.explain",
     "out/advertised.txt가 클러스터의 모든 노드 이름과 각 노드가 지금 광고하는 양을 보여 주는지 확인합니다: "
     "{node:은/는}"
     " 2, 나머지는 <none>, 빈 값 또는 0. 표, custom-columns, jsonpath, JSON, YAML, kubectl describe 출력을 모두 "
     "받아들입니다. {part_mistakes}흔한 실수: 셸이 nvidia\\.com/gpu의 백슬래시를 지워서 모든 행이 <none> 인 경우(-o "
     "인자 전체를 따옴표로 감싸세요), 노드 이름 없이 숫자만 찍는 jsonpath. {part_what}헤더의 대소문자(Name/Gpu), 어떤 "
     "구분자(탭, =, :, 공백)를 쓴 jsonpath, 출력 위의 프롬프트나 주석 줄도 똑같이 읽습니다. {part_mistakes}노드가 "
     "지금 2를 광고하는데 모든 행이 <none> 이면 2단계 패치 전에 저장한 것이니 다시 저장하세요."},
    {"check.step2.advertised-file.look",
     "`kubectl get nodes -o custom-columns='NAME:.metadata.name,GPU:.status.capacity.nvidia\\.com/gpu'` 명령이 지금 각 "
     "노드가 알리는 양을 보여 줍니다. `cat out/advertised.txt`도 같아야 합니다."},
    {"check.step2.advertised-file.title", "out/advertised.txt에 모든 노드의 GPU 광고량이 있다"},
    {"check.step2.allocatable.explain",
     "{node}의 status.allocatable[\"{resource}\"] 를 확인합니다. {part_why}스케줄러는 capacity가 아니라 allocatable"
     "을 기준으로 파드를 배치합니다. capacity가 2 라도 allocatable 항목이 없으면 그 노드는 GPU를 하나도 내주지 "
     "않고, GPU 파드는 모두 대기합니다. {part_mistakes}이 단계의 대표적인 실수입니다: "
     "/status/capacity/nvidia.com~1gpu와 /status/allocatable/nvidia.com~1gpu를 둘 다 패치하세요."},
    {"check.step2.allocatable.look",
     "`kubectl get node {node} -o jsonpath='{.status.allocatable.nvidia\\.com/gpu}'` 명령이 2를 출력해야 합니다. "
     "아무것도 나오지 않으면 allocatable 항목이 없는 것입니다."},
    {"check.step2.allocatable.title", "{node}의 allocatable이 {resource}: 2이다"},
    {"check.step2.capacity.explain",
     "{node}의 status.capacity[\"{resource}\"] 를 확인합니다. {part_why}확장 자원은 device plugin이 노드 status에 "
     "적어 두는 숫자입니다. 여기서는 kubectl patch node {node} --subresource=status와 JSON 포인터 "
     "/status/capacity/nvidia.com~1gpu로 직접 device plugin 역할을 합니다. {part_mistakes}흔한 실수: "
     "--subresource=status 없이 노드 객체를 패치하기(변경이 조용히 버려집니다), JSON 포인터에 {resource:을/를} "
     "이스케이프하지 않고 쓰기."},
    {"check.step2.capacity.look",
     "`kubectl get node {node} -o jsonpath='{.status.capacity.nvidia\\.com/gpu}'` 명령이 2를 출력해야 합니다."},
    {"check.step2.capacity.title", "{node}의 capacity가 {resource}: 2이다"},
    {"check.step2.other-nodes.explain",
     "{node} 이외의 노드가 {resource:을/를} 광고하지 않는지(capacity와 allocatable에 없거나 0) 확인합니다. "
     "{part_why}그렇지 않으면 trainer가 GPU 없는 노드에 배정될 수 있고, 자원만으로 {node:이/가} 정해진다는 4단계의 "
     "요점이 성립하지 않습니다. {part_mistakes}흔한 실수: 다른 노드를 패치하기."},
    {"check.step2.other-nodes.look",
     "`kubectl get nodes -o "
     "custom-columns='NAME:.metadata.name,CAPACITY:.status.capacity.nvidia\\.com/"
     "gpu,ALLOCATABLE:.status.allocatable.nvidia\\.com/gpu'`: {node} 말고는 모두 <none> 또는 0이어야 합니다."},
    {"check.step2.other-nodes.title", "다른 노드는 {resource:을/를} 광고하지 않는다"},
    {"check.step3.apiserver-rejects.explain",
     "gpuwhy는 두 매니페스트를 실제 apiserver에 서버 측 dry-run 생성으로 보내고(아무것도 만들어지지 않습니다), "
     "각각이 자기 규칙 때문에 422 Invalid로 거절되는지 확인합니다: bad-mismatch는 \"must be equal to {resource} "
     "limit\", bad-fraction은 \"must be an integer\". apiserver가 받아들이는 매니페스트는 실패입니다. gpuwhy가 "
     "{namespace}에 파드를 만들 권한이 없으면 이 검사는 실패가 아니라 오류가 됩니다."},
    {"check.step3.apiserver-rejects.look",
     "`kubectl apply --dry-run=server -f k8s/bad-mismatch.yaml -f k8s/bad-fraction.yaml` 명령은 아무것도 만들지 않고 "
     "apiserver에 묻습니다. 둘 다 invalid로 거절되어야 합니다."},
    {"check.step3.apiserver-rejects.title", "apiserver가 두 매니페스트를 각자의 규칙으로 거절한다"},
    {"check.step3.fraction-manifest.explain",
     "k8s/bad-fraction.yaml이 0.5, 500m, 1.5처럼 정수가 아닌 {resource} 양을 요청하는 Pod인지 확인합니다. "
     "{part_why}장치는 쪼갤 수 없는 단위로 할당되므로 확장 자원은 정수여야 합니다. 이 매니페스트는 apiserver가 "
     "그것을 거절하는 모습을 보기 위한 것입니다. {part_mistakes}흔한 실수: 여기에 정수 쓰기, GPU 대신 cpu를 소수로 "
     "쓰기."},
    {"check.step3.fraction-manifest.look",
     "`kubectl apply --dry-run=server -f k8s/bad-fraction.yaml` 명령의 답에 \"must be an integer\"가 있어야 합니다."},
    {"check.step3.fraction-manifest.title", "k8s/bad-fraction.yaml이 GPU를 소수로 요청한다"},
    {"check.step3.mismatch-manifest.explain",
     "k8s/bad-mismatch.yaml이 컨테이너의 requests와 limits 양쪽에 {resource:을/를} 서로 다른 정수로 적은 Pod인지 "
     "확인합니다. {part_why}확장 자원은 오버커밋이 불가능하므로 apiserver는 requests와 limits가 같기를 요구합니다. "
     "이 매니페스트는 그 규칙이 거절하는 모습을 보기 위한 것입니다. {part_mistakes}흔한 실수: limits만 적기(그러면 "
     "requests가 limits에서 복사되어 파드가 유효해집니다), 소수 쓰기(그것은 다른 규칙입니다)."},
    {"check.step3.mismatch-manifest.look",
     "`kubectl apply --dry-run=server -f k8s/bad-mismatch.yaml` 명령의 답에 \"must be equal to {resource} limit\"이 "
     "있어야 합니다."},
    {"check.step3.mismatch-manifest.title", "k8s/bad-mismatch.yaml이 requests == limits를 어긴다"},
    {"check.step3.not-created.explain",
     "두 잘못된 매니페스트의 이름(metadata.name)을 가진 파드가 {namespace}에 없는지 확인합니다. {part_why}두 규칙 "
     "모두 apiserver가 강제하므로 제대로 잘못 쓴 매니페스트는 결코 파드가 될 수 없습니다. {part_mistakes}흔한 실수: "
     "잘못된 매니페스트를 적용될 때까지 \"고치기\". 그러면 이 단계의 의미가 사라집니다."},
    {"check.step3.not-created.look",
     "`kubectl -n {namespace} get pods` 목록에 `grep name: k8s/bad-*.yaml`이 보여 주는 이름이 하나도 없어야 합니다."},
    {"check.step3.not-created.title", "잘못된 파드는 하나도 만들어지지 않았다"},
    {"check.step3.rejected-file.explain",
     "out/rejected.txt에 apiserver의 거절 두 가지가 모두 있는지 확인합니다: \"must be equal to {resource} limit\" "
     "문구가 담긴 것 하나와, {resource} 필드에 대한 \"must be an integer\" 문구가 담긴 것 하나. {part_look}kubectl은 "
     "오류를 표준 오류로 내보내므로 2>&1로 받고, 두 번째는 >> 로 덧붙이세요. {part_mistakes}흔한 실수: 빈 파일(표준 "
     "출력만 받음), 두 번째 메시지만 남은 파일(> 가 첫 번째를 덮어씀). {part_what}두 거절은 어느 순서로든, 어떤 "
     "kubectl 형태로든(apply, create, 두 파일을 한 명령으로, --dry-run=server, 주변의 프롬프트) 괜찮습니다. 각 "
     "메시지는 자신이 말하는 규칙으로 셉니다. 제한 1에 요청 0.5는 두 규칙 모두로 거절되며 정수 규칙의 거절로 셉니다."},
    {"check.step3.rejected-file.look", "`grep -c 'must be' out/rejected.txt` 명령이 두 문구를 셉니다(2 이상)."},
    {"check.step3.rejected-file.title", "out/rejected.txt에 거절 메시지 두 개가 있다"},
    {"check.step4.manifest.explain",
     "k8s/trainer.yaml이 {resource}: 1을 requests가 아니라 limits에만 적은 Pod trainer이고, nodeSelector, "
     "nodeName, affinity가 없는지 확인합니다. {part_why}이 단계의 요점은 apiserver가 limits로 requests를 채운다는 "
     "것, 그리고 자원만으로 스케줄러가 {node:을/를} 고른다는 것입니다. {part_mistakes}흔한 실수: requests도 적기, "
     "nodeSelector로 파드를 노드에 고정하기."},
    {"check.step4.manifest.look",
     "`grep -nE 'requests|limits|nodeSelector|nodeName|affinity' k8s/trainer.yaml` 결과에 {resource}: 1이 든 limits만 "
     "있고 다른 단어는 없어야 합니다."},
    {"check.step4.manifest.title", "k8s/trainer.yaml이 limits에만 GPU 1장을 요청한다"},
    {"check.step4.placed-by-scheduler.explain",
     "클러스터의 trainer 파드가 스케줄러에 의해 {node}에 배정되었는지 확인합니다: 매니페스트에 nodeName이 없고, "
     "파드에 nodeSelector나 affinity가 없으며, PodScheduled가 True. {part_why}{resource:을/를} 광고하는 노드는 {node} "
     "뿐이므로 스케줄러의 선택지는 하나입니다. {part_mistakes}흔한 실수: nodeName 지정(스케줄러를 건너뜁니다), "
     "nodeSelector 지정(요점을 가립니다). trainer가 대기 중이면 대개 allocatable을 패치하지 않은 것입니다. "
     "{part_what}다른 스케줄러를 지정했거나(spec.schedulerName) 이벤트는 있는데 default-scheduler의 Scheduled "
     "이벤트가 없는 파드는 손으로(Binding) 바인딩된 것이라 실패합니다. 이벤트가 모두 만료된 파드는 PodScheduled "
     "만으로 판단합니다. 파일에서 nodeName 줄을 지웠어도 nodeName으로 만든 파드는 실패합니다: managedFields에 "
     "spec.nodeName을 kube-scheduler가 아닌 클라이언트가 설정했다고 남아 있습니다."},
    {"check.step4.placed-by-scheduler.look",
     "`kubectl -n {namespace} get pod trainer -o wide`의 `NODE`가 {node}이고, `kubectl -n {namespace} get events "
     "--field-selector involvedObject.name=trainer,reason=Scheduled` 명령이 default-scheduler의 Scheduled 이벤트를 "
     "보여 줘야 합니다."},
    {"check.step4.placed-by-scheduler.title", "스케줄러가 trainer를 {node}에 배정했다"},
    {"check.step4.requests-defaulted.explain",
     "클러스터의 trainer 파드가 requests와 limits 모두 {resource} = 1인지 확인합니다. {part_why}확장 자원은 "
     "requests를 비워 두면 apiserver가 limits 값을 복사해 채웁니다. {part_look}kubectl -n {namespace} get pod "
     "trainer -o yaml로 직접 볼 수 있습니다. {part_mistakes}흔한 실수: 다른 양을 요청하거나 GPU를 아예 요청하지 "
     "않는 trainer 파드."},
    {"check.step4.requests-defaulted.look",
     "`kubectl -n {namespace} get pod trainer -o jsonpath='{.spec.containers[0].resources}'` 명령은 그 부분만 "
     "출력합니다. requests와 limits가 모두 {resource} 1이어야 합니다."},
    {"check.step4.requests-defaulted.title", "trainer의 requests가 {resource}: 1로 채워졌다"},
    {"check.step5.cpu-only-pending.explain",
     "cpu-only가 노드 없이 Pending이고 PodScheduled가 False/Unschedulable이며, 스케줄러 메시지가 자원이 아니라 "
     "테인트(untolerated taint)를 이유로 드는지 확인합니다. {part_why}이 메시지를 읽는 것이 이 실습에서 익힐 "
     "기술입니다: 이유가 테인트라면 GPU가 아니라 테인트와 톨러레이션을 보라는 뜻입니다. {part_mistakes}흔한 실수: "
     "테인트가 없음(cpu-only가 스케줄됨), cpu-only에 톨러레이션을 붙임."},
    {"check.step5.cpu-only-pending.look",
     "`kubectl -n {namespace} get pod cpu-only -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'` 명령의 메시지가 Insufficient "
     "{resource:이/가} 아니라 untolerated taint를 말해야 합니다."},
    {"check.step5.cpu-only-pending.title", "cpu-only가 테인트 때문에 대기한다"},
    {"check.step5.cpu-only-spec.explain",
     "k8s/cpu-only.yaml과 클러스터의 cpu-only 파드를 확인합니다: {resource}의 request나 limit이 없고, "
     "nodeSelector가 nvidia.com/gpu.present: \"true\" 이며, 테인트에 대한 톨러레이션이 없고, GPU 노드에서 떼어 놓는 "
     "다른 설정(nodeName, 스케줄링 게이트, 그 노드를 제외하는 노드 어피니티, 그 노드의 파드 때문에 맞지 않는 파드 "
     "(안티)어피니티, 그 노드에서 지킬 수 없는 분산 조건)도 없어야 합니다. {part_why}이 "
     "파드는 테인트가 무엇을 위한 것인지 보여 줍니다: GPU 노드를 노리는 일반 워크로드를 그 노드에서 떼어 놓는 "
     "것입니다. {part_mistakes}흔한 실수: nodeSelector에 따옴표 없는 true, trainer2의 톨러레이션을 복사해 오기."},
    {"check.step5.cpu-only-spec.look",
     "`kubectl -n {namespace} get pod cpu-only -o jsonpath='{.spec.nodeSelector} {.spec.tolerations} "
     "{.spec.containers[*].resources}'` 결과에 nodeSelector와 기본 NoExecute 톨러레이션 두 개만 있고 {resource:은/는} "
     "없어야 합니다."},
    {"check.step5.cpu-only-spec.title", "cpu-only가 GPU도 톨러레이션도 없이 GPU 노드를 노린다"},
    {"check.step5.taint.explain",
     "{node}에 키 {resource}, 값 present, 효과 NoSchedule인 테인트가 있고, 다른 노드에는 {resource} 테인트가 없는지 "
     "확인합니다. {part_why}테인트는 비싼 GPU 노드를 그 테인트를 견디는 파드만 쓰도록 예약합니다. {part_mistakes}흔한 "
     "실수: NoExecute(trainer처럼 이미 떠 있는 파드를 쫓아냅니다), 다른 값, 다른 노드에 테인트 걸기."},
    {"check.step5.taint.look",
     "`kubectl describe node {node} | grep Taints` 결과가 {taint}이고, `kubectl get nodes -o "
     "custom-columns='NAME:.metadata.name,TAINTS:.spec.taints[*].key'` 결과에서 다른 노드에는 없어야 합니다."},
    {"check.step5.taint.title", "{node}에 테인트 {taint}"},
    {"check.step5.tainted-file.explain",
     "out/tainted.txt에 테인트를 이유로 들고 Insufficient {resource:은/는} 없는 스케줄러 메시지(\"N/M nodes are "
     "available: ...\")가 있고, 그 이유들이 cpu-only의 현재 PodScheduled 메시지와 같은지 확인합니다(preemption "
     "부분은 달라도 됩니다). {part_look}kubectl -n {namespace} get pod cpu-only -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}' 로 꺼내세요. {part_mistakes}흔한 실수: "
     "여기에 trainer3의 메시지를 저장하기, 빈 파일. {part_what}메시지는 어떤 kubectl 출력에서 저장해도 "
     "됩니다(jsonpath, -o yaml, -o json, describe pod, get events). 파일의 모든 메시지를 보므로 Insufficient "
     "{resource} 메시지가 함께 있으면 실패합니다."},
    {"check.step5.tainted-file.look",
     "현재 메시지와 파일을 나란히 보세요: `kubectl -n {namespace} get pod cpu-only -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'`; `cat out/tainted.txt`"},
    {"check.step5.tainted-file.title", "out/tainted.txt에 cpu-only의 테인트 메시지가 있다"},
    {"check.step5.trainer-not-evicted.explain",
     "테인트보다 먼저 만든 trainer가 여전히 {node}에 배정되어 실행 중인지 확인합니다. {part_why}NoSchedule은 새 "
     "파드만 막습니다. NoExecute 였다면 trainer를 쫓아냈을 것입니다. {part_mistakes}흔한 실수: NoExecute로 테인트 "
     "걸기, 자리를 만들려고 trainer 지우기."},
    {"check.step5.trainer-not-evicted.look",
     "`kubectl -n {namespace} get pod trainer -o wide` 결과의 `STATUS`가 `Running`, `NODE` 열에 {node:이/가} 나와야 "
     "합니다."},
    {"check.step5.trainer-not-evicted.title", "trainer가 여전히 {node}에서 실행 중이다"},
    {"check.step6.gate-kept.explain",
     "{taint} 테인트가 {node}에 그대로 있고 cpu-only가 여전히 Pending인지 확인합니다. {part_why}파드를 "
     "통과시키려고 테인트를 지우면 GPU 노드를 예약해 둔 이유가 사라집니다. {part_mistakes}흔한 실수: 대기 중인 파드를 "
     "\"고치려고\" kubectl taint node {node} nvidia.com/gpu- 실행."},
    {"check.step6.gate-kept.look",
     "`kubectl get node {node} -o jsonpath='{.spec.taints}'` 결과에 taint가 그대로 있고, `kubectl -n {namespace} get "
     "pod cpu-only`가 여전히 Pending이어야 합니다."},
    {"check.step6.gate-kept.title", "테인트가 남아 있고 cpu-only는 계속 대기한다"},
    {"check.step6.gpu.explain",
     "k8s/trainer2.yaml과 클러스터의 trainer2 파드를 확인합니다: requests와 limits의 {resource} = 1. "
     "{part_why}trainer2는 자원 관문과 테인트 관문, 두 관문을 모두 통과해야 합니다. {part_mistakes}흔한 실수: "
     "톨러레이션을 넣으면서 자원 요청을 빠뜨리기."},
    {"check.step6.gpu.look",
     "`kubectl -n {namespace} get pod trainer2 -o jsonpath='{.spec.containers[*].resources}'` 결과의 requests와 "
     "limits가 {resource} 1이어야 합니다."},
    {"check.step6.gpu.title", "trainer2가 GPU 1장을 요청한다"},
    {"check.step6.placed.explain",
     "trainer2가 스케줄러에 의해 {node}에 배정되었는지 확인합니다(매니페스트에 nodeName 없음, PodScheduled True). "
     "{part_why}톨러레이션이 있고 GPU 자리가 비어 있으면 스케줄러가 배정할 수 있습니다. {part_mistakes}흔한 실수: "
     "테인트와 맞지 않는 톨러레이션(trainer2가 계속 대기), 매니페스트의 nodeName. {part_what}파일에서 nodeName 줄을 "
     "지웠어도 nodeName으로 만든 파드는 실패합니다: managedFields에 spec.nodeName을 kube-scheduler가 아닌 "
     "클라이언트가 설정했다고 남아 있습니다."},
    {"check.step6.placed.look",
     "`kubectl -n {namespace} get pod trainer2 -o wide`의 `NODE`가 {node}이고, `kubectl -n {namespace} get events "
     "--field-selector involvedObject.name=trainer2,reason=Scheduled` 명령이 default-scheduler의 Scheduled 이벤트를 "
     "보여 줘야 합니다."},
    {"check.step6.placed.title", "스케줄러가 trainer2를 {node}에 배정했다"},
    {"check.step6.toleration.explain",
     "trainer2에 테인트를 견디는 톨러레이션이 있는지 확인합니다: 키 {resource}에 operator Equal과 값 present, 또는 "
     "operator Exists, 효과는 NoSchedule 이거나 비어 있음. 키 없이 operator Exists인 톨러레이션은 모든 테인트를 "
     "견디므로 너무 넓습니다. apiserver가 모든 파드에 추가하는 300초짜리 NoExecute 톨러레이션 두 개는 무시합니다. "
     "{part_mistakes}흔한 실수: present 대신 값 true, 맞지 않는 효과."},
    {"check.step6.toleration.look",
     "`kubectl -n {namespace} get pod trainer2 -o jsonpath='{.spec.tolerations}'` 결과를 `kubectl get node {node} -o "
     "jsonpath='{.spec.taints}'` 결과와 나란히 보세요. key, value(또는 Exists), effect가 맞아야 합니다."},
    {"check.step6.toleration.title", "trainer2가 GPU 테인트만 정확히 견딘다"},
    {"check.step7.exhausted-file.explain",
     "out/exhausted.txt에 Insufficient {resource:이/가} 있고 테인트 이유는 없는 스케줄러 메시지가 있으며, 그 이유들이 "
     "trainer3의 현재 메시지와 같은지 확인합니다(preemption 부분은 달라도 됩니다). {part_why}out/tainted.txt와 "
     "나란히 놓고 비교해 보세요. 그 차이가 다음에 볼 곳을 정합니다. {part_mistakes}흔한 실수: 여기에 cpu-only의 "
     "메시지를 저장하기, 빈 파일. {part_what}어떤 kubectl 출력 형태든 되며 파일의 모든 메시지를 읽습니다(테인트 "
     "메시지가 함께 있으면 실패). 전제가 지금도 성립해야 합니다: trainer와 trainer2가 {node}에서 실행되며 할당 "
     "가능한 GPU를 모두 쓰고 있어야 합니다."},
    {"check.step7.exhausted-file.look",
     "현재 메시지와 파일을 나란히 보세요: `kubectl -n {namespace} get pod trainer3 -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'`; `cat out/exhausted.txt`"},
    {"check.step7.exhausted-file.title", "out/exhausted.txt에 trainer3의 Insufficient 메시지가 있다"},
    {"check.step7.pending-insufficient.explain",
     "trainer3이 노드 없이 Pending이고 PodScheduled가 False이며, 스케줄러 메시지에 Insufficient {resource:이/가} "
     "있고 테인트를 이유로 들지 않는지 확인합니다. {part_why}GPU 자리 두 개를 trainer와 trainer2가 이미 다 썼으므로 "
     "대기 이유가 테인트에서 자원으로 바뀝니다. {part_mistakes}흔한 실수: trainer3에 톨러레이션이 없음(다시 테인트가 "
     "이유), 자리가 비어 있음(trainer3이 스케줄됨). {part_what}전제를 실시간으로 확인합니다: trainer와 trainer2가 "
     "{node}에 바인딩되어 할당 가능한 GPU를 모두 사용(USED = ALLOCATABLE > 0). allocatable이 없으면(capacity만) "
     "trainer3은 다른 이유로 기다리는 것이라 힌트가 2단계를 가리킵니다."},
    {"check.step7.pending-insufficient.look",
     "`kubectl -n {namespace} get pod trainer3 -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'` 결과가 Insufficient {resource}이고, "
     "`kubectl describe node {node} | grep -A8 'Allocated resources'` 결과에서 GPU가 모두 쓰이고 있어야 합니다."},
    {"check.step7.pending-insufficient.title", "trainer3이 Insufficient {resource:으로/로} 대기한다"},
    {"check.step7.same-as-trainer2.explain",
     "k8s/trainer3.yaml과 클러스터의 trainer3이 컨테이너(image, resources), tolerations, nodeSelector, affinity, "
     "그리고 스케줄러가 읽는 다른 모든 필드(init 컨테이너, schedulerName, 우선순위, 스케줄링 게이트, nodeName 등)"
     "에서 trainer2와 같고 이름만 다른지 확인합니다. {part_why}나머지를 모두 같게 두어야 새 대기 이유가 의미를 "
     "가집니다. {part_mistakes}흔한 실수: 톨러레이션을 빠뜨려 테인트 이유가 되돌아오기."},
    {"check.step7.same-as-trainer2.look",
     "`diff <(kubectl -n {namespace} get pod trainer2 -o "
     "jsonpath='{.spec.containers}{.spec.tolerations}{.spec.nodeSelector}{.spec.affinity}') <(kubectl -n {namespace} "
     "get pod trainer3 -o jsonpath='{.spec.containers}{.spec.tolerations}{.spec.nodeSelector}{.spec.affinity}')` "
     "명령이 아무것도 출력하지 않아야 합니다."},
    {"check.step7.same-as-trainer2.title", "trainer3은 이름만 다른 trainer2이다"},
    {"check.step8.allocatable.explain",
     "ALLOCATABLE이 {node}의 현재 allocatable {resource:과/와} 같은지 확인합니다. {part_look}실습 본문에서 베끼지 말고 "
     "클러스터에서 세어 적으세요(kubectl get node {node} -o jsonpath=...)."},
    {"check.step8.allocatable.look",
     "`kubectl get node {node} -o jsonpath='{.status.allocatable.nvidia\\.com/gpu}'` 명령이 ALLOCATABLE에 적을 숫자를 "
     "출력합니다."},
    {"check.step8.allocatable.title", "ALLOCATABLE이 클러스터와 일치한다"},
    {"check.step8.format.explain",
     "out/gate-report.txt가 비어 있지 않은 줄 정확히 일곱 개로 되어 있고, 각 줄이 KEY=VALUE 또는 KEY: VALUE이며, "
     "ALLOCATABLE, USED, PENDING, TAINT, REQUESTS_EQUAL_LIMITS, FRACTIONAL, SCHEDULER_SEES가 순서와 상관없이 한 번씩 "
     "있는지 확인합니다. {part_mistakes}흔한 실수: 키 철자 오류, 같은 키를 두 번 적기, 주석 줄 추가."},
    {"check.step8.format.look",
     "`grep -cv '^[[:space:]]*$' out/gate-report.txt` 명령이 7을 출력하고, `grep -oE '^[A-Z_]+' out/gate-report.txt | "
     "sort | uniq -d` 명령은 아무것도 출력하지 않아야 합니다."},
    {"check.step8.format.title", "out/gate-report.txt가 일곱 줄로 되어 있다"},
    {"check.step8.fractional.explain",
     "FRACTIONAL이 부정을 뜻하는 한 단어(no, false, rejected, forbidden, invalid, denied, 불가, 거절, 금지, いいえ, "
     "不可 ...)인지 확인합니다. 3단계에서 본 것처럼 확장 자원은 정수여야 합니다."},
    {"check.step8.fractional.look",
     "`kubectl apply --dry-run=server -f k8s/bad-fraction.yaml` 명령이 FRACTIONAL이 요약하는 apiserver의 답을 보여 "
     "줍니다."},
    {"check.step8.fractional.title", "FRACTIONAL이 소수는 허용되지 않는다고 답한다"},
    {"check.step8.pending.explain",
     "PENDING이 지금 {namespace}에서 phase가 Pending인 파드 수와 같은지 확인합니다. {part_mistakes}흔한 실수: "
     "kubectl -n {namespace} get pods로 세지 않고 기억에 의존한 숫자."},
    {"check.step8.pending.look",
     "`kubectl -n {namespace} get pods --field-selector=status.phase=Pending --no-headers | wc -l` 명령이 PENDING에 "
     "적을 숫자를 출력합니다."},
    {"check.step8.pending.title", "PENDING이 클러스터와 일치한다"},
    {"check.step8.requests-equal-limits.explain",
     "REQUESTS_EQUAL_LIMITS가 긍정을 뜻하는 한 단어(yes, true, required, must, equal, same, 예, 네, 필수, 같음, "
     "はい, 必須 ...)인지 확인합니다. 3단계에서 본 것처럼 확장 자원은 requests와 limits가 같아야 합니다. 어미가 "
     "붙은 한국어·일본어 형태(같아야 함, 필수임, 일치)와 전각 문자도 인정합니다. 답 뒤의 설명은 괜찮습니다(예 (같아야 "
     "함)). 예와 아니오가 함께 있는 답(yes/no, n/a)은 모호해서 실패합니다."},
    {"check.step8.requests-equal-limits.look",
     "`kubectl apply --dry-run=server -f k8s/bad-mismatch.yaml` 명령이 REQUESTS_EQUAL_LIMITS가 요약하는 apiserver의 "
     "답을 보여 줍니다."},
    {"check.step8.requests-equal-limits.title", "REQUESTS_EQUAL_LIMITS가 같아야 한다고 답한다"},
    {"check.step8.scheduler-sees.explain",
     "SCHEDULER_SEES가 숫자를 가리키는지(number, numbers, count, quantity, allocatable, 숫자, 数 ...) 확인합니다. "
     "{part_why}스케줄러는 장치를 보지 않고 노드 status에 적힌 숫자만 봅니다. 그래서 GPU가 하나도 없는 이 "
     "실습에서도 status를 패치하는 것만으로 충분했습니다. {part_what}devices, gpu, hardware 같은 답은 실패입니다."},
    {"check.step8.scheduler-sees.look",
     "`kubectl get node {node} -o jsonpath='{.status.allocatable}'` 결과가 스케줄러가 노드의 GPU에 대해 아는 "
     "전부입니다."},
    {"check.step8.scheduler-sees.title", "SCHEDULER_SEES가 숫자라고 답한다"},
    {"check.step8.taint.explain",
     "TAINT가 {node}의 현재 {resource} 테인트를 키=값:효과(key=value:Effect) 형태로 적은 것과 같은지 확인합니다. "
     "예: {taint}. {part_mistakes}흔한 실수: 순서가 다름, 효과 누락, 이미 노드에서 사라진 테인트."},
    {"check.step8.taint.look",
     "`kubectl describe node {node} | grep Taints` 명령이 TAINT에 쓸 key=value:Effect 형식으로 taint를 출력합니다."},
    {"check.step8.taint.title", "TAINT가 {node}의 테인트와 일치한다"},
    {"check.step8.used.explain",
     "USED가 {node}에 배정되어 아직 끝나지 않은 파드들이 요청한 {resource}의 합과 같은지 확인합니다. 스케줄러와 "
     "같은 방식으로 셉니다(파드마다 컨테이너들의 합과 가장 큰 init 컨테이너 중 큰 값). gpuwhy에게 보이는 것은 "
     "{namespace}의 파드뿐입니다. {part_mistakes}흔한 실수: 노드가 없는 Pending 파드까지 세기."},
    {"check.step8.used.look",
     "`kubectl -n {namespace} get pods --field-selector=spec.nodeName={node} -o "
     "custom-columns='NAME:.metadata.name,PHASE:.status.phase,GPU:.spec.containers[*].resources.requests.nvidia\\.com/"
     "gpu'`: `Succeeded`나 `Failed`가 아닌 파드의 GPU 열을 더하세요."},
    {"check.step8.used.title", "USED가 클러스터와 일치한다"},
    {"cli.app", "gpuwhy: 실습 \"GPU 파드가 왜 Pending에 머무는가\" 를 채점합니다"},
    {"cli.check", "실습을 채점합니다: 작업 디렉터리의 파일과 실제 클러스터"},
    {"cli.error.bad-step", "--step {step}: 실습의 단계는 1부터 {steps}까지입니다"},
    {"cli.error.more-info", "자세한 사용법은 --help로 확인하세요."},
    {"cli.error.lang", "--lang {value}: 없는 언어입니다. en, ko, ja 중 하나를 쓰세요(kr과 jp는 ko와 ja로 받습니다)"},
    {"cli.error.did-you-mean", "혹시 \"{suggestion}\" 말씀이신가요?"},
    {"cli.error.unknown-command", "\"{command}\": 알 수 없는 명령입니다 (명령: {commands})"},
    {"cli.error.no-such-check", "\"{id}\": 그런 검사가 없습니다(`gpuwhy list` 참고)"},
    {"cli.error.unknown-check", "--check \"{id}\": 그런 검사가 없습니다(`gpuwhy list` 참고)"},
    {"cli.error.unknown-format", "--format \"{format}\": 알 수 없는 형식입니다"},
    {"cli.explain", "검사나 단계를 설명합니다: 무엇을 확인하나, 왜 중요한가, 직접 확인하는 법, 흔한 실수"},
    {"cli.group.options", "옵션"},
    {"cli.group.input", "입력"},
    {"cli.group.cluster", "클러스터"},
    {"cli.group.output", "출력"},
    {"cli.group.subcommands", "하위 명령"},
    {"cli.help", "이 도움말을 출력하고 끝냅니다"},
    {"cli.label.options", "옵션"},
    {"cli.label.positionals", "위치 인자"},
    {"cli.label.required", "필수"},
    {"cli.label.subcommand", "하위 명령"},
    {"cli.label.subcommands", "하위 명령"},
    {"cli.label.usage", "사용법"},
    {"cli.list", "모든 검사를 나열합니다: ID, 단계, 배점, 제목"},
    {"cli.opt.bundle-output", "쓸 번들 파일(기본값: 표준 출력)"},
    {"cli.opt.check", "이 검사 ID만 채점합니다(반복 가능)"},
    {"cli.opt.check-id", "검사 ID(step2.allocatable), 단계(2 또는 step2), 또는 ID 하나의 일부(capacity)"},
    {"cli.opt.color", "auto, always, never 중 하나"},
    {"cli.opt.context", "사용할 kubeconfig 컨텍스트 이름"},
    {"cli.opt.dir", "작업 디렉터리(기본값: k8s/ 나 out/ 이 있으면 ., 없으면 /root/gpuwhy)"},
    {"cli.opt.format", "보고서 형식: {formats}"},
    {"cli.opt.hide-expected", "기대값을 빼고 보여 줍니다(마감 전에 보여 줘도 안전)"},
    {"cli.opt.jobs", "배치에서 동시에 채점할 번들 수 (기본값: 코어 수)"},
    {"cli.opt.kubeconfig", "사용할 kubeconfig 파일 경로(존재해야 함)"},
    {"cli.opt.lang", "텍스트 언어: {langs} (기본값: GPUWHY_LANG, 그다음 로캘)"},
    {"cli.opt.no-dry-run", "잘못된 매니페스트를 서버 측 dry-run 생성으로 보내지 않습니다"},
    {"cli.opt.output", "보고서를 이 파일에 씁니다(채점을 끝내지 못해도 씁니다)"},
    {"cli.opt.request-timeout", "apiserver 요청 하나를 기다리는 시간(예: 10s, 1m; 0 = 제한 없음)"},
    {"cli.opt.snapshot",
     "실제 클러스터 대신 `gpuwhy snapshot` 이 쓴 번들을 채점합니다. 번들 여러 개나 폴더를 주면 일괄 요약을 냅니다"},
    {"cli.opt.step", "이 단계만 채점합니다(반복 가능)"},
    {"cli.opt.user", "LTI와 CSV 보고서에 쓸 학생 ID"},
    {"cli.opt.verbose", "통과한 검사의 근거도 보여 줍니다"},
    {"cli.opt.wait",
     "선택한 검사가 통과하거나 이 시간이 다 될 때까지 클러스터(watch)와 실습 폴더를 지켜보며 바뀔 때마다 다시 "
     "검사합니다"},
    {"cli.snapshot", "파일과 클러스터를 한 번 수집해 JSON 번들로 만듭니다"},
    {"cli.version", "버전 정보를 출력하고 끝냅니다"},
    {"cli.waiting", "기다리는 중: 아직 통과하지 않은 검사 {count}개, 남은 시간 {seconds}초"},
    {"cli.waited",
     "{seconds}초 기다림: apiserver 요청 모두 {requests}개 (watch 스트림 {watches}개), 받은 바이트 {bytes}, 다시 검사 "
     "{grades}번"},
    {"cli.watch-fallback", "watch할 수 없습니다 ({reason}); 대신 1초마다 스냅숏 전체를 받습니다"},
    {"cli.opt.poll", "--wait와 함께: watch 대신 1초마다 스냅숏 전체를 새로 받습니다 (긴 요청을 끊는 프록시용)"},
    {"cli.wrote", "{file} 파일을 썼습니다(apiserver 요청 {count}회, 받은 바이트 {bytes})"},
    {"hint.env.kubeconfig",
     "채점하지 않았습니다: --kubeconfig로 준 kubeconfig를 쓸 수 없습니다. 경로와 파일을 확인하세요(kubectl "
     "--kubeconfig 경로 get nodes가 답해야 합니다)."},
    {"hint.env.input",
     "채점하지 않았습니다: --snapshot으로 준 번들을 읽을 수 없습니다. 경로와, 그 파일이 gpuwhy snapshot이 쓴 "
     "번들인지 확인하세요."},
    {"hint.env.forbidden",
     "실습 작업의 문제가 아닙니다: apiserver가 gpuwhy의 접근을 거부했습니다(대상: {what}). gpuwhy가 쓰는 계정에 "
     "다음 RBAC 권한이 필요합니다: {rule}."},
    {"hint.env.not-collected",
     "실습 작업의 문제가 아닙니다: 이번 실행에서는 이 항목을 수집하지 않아서(대상: {what}; 예: --no-dry-run이나 "
     "파일만 읽는 실행) 이 검사를 평가할 수 없었습니다."},
    {"hint.env.unauthorized",
     "실습 작업의 문제가 아닙니다: 읽는 중에 apiserver가 gpuwhy의 자격 증명을 받아들이지 않았습니다(401, 대상: "
     "{what}). kubeconfig의 사용자와 인증서를 확인하세요. 그다음 필요한 권한: {rule}."},
    {"hint.env.unavailable",
     "실습 작업의 문제가 아닙니다: gpuwhy가 클러스터에서 읽지 못했습니다(대상: {what}). 컨트롤 플레인이 실행 중이고 "
     "kubeconfig가 그것을 가리키는지 확인한 뒤 gpuwhy를 다시 실행하세요."},
    {"hint.file.empty", "{file} 파일이 비어 있습니다. 명령을 다시 실행하고 출력을 파일로 리디렉션하세요."},
    {"hint.file.hard-link",
     "{file} 파일은 하드 링크입니다. 실습 폴더 밖에 있을 수도 있는 파일의 또 다른 이름이므로 gpuwhy는 읽지 "
     "않습니다. 대신 사본을 저장하세요(cp --remove-destination 원본 {file}, 또는 명령의 출력을 다시 저장)."},
    {"hint.file.missing", "{file} 파일이 없습니다. 단계 설명대로 작업 디렉터리에 만드세요."},
    {"hint.file.not-regular",
     "{file} 경로는 일반 파일이 아닙니다(디렉터리나 특수 파일). 출력을 평범한 텍스트 파일로 저장하세요."},
    {"hint.file.not-text",
     "{file} 파일이 텍스트가 아닙니다({reason}). kubectl 출력을 평범한 텍스트(UTF-8)로 저장하세요."},
    {"hint.file.too-large",
     "{file} 파일이 1 MiB보다 큽니다. 단계가 요구하는 내용일 수 없으니 요청된 출력만 저장하세요."},
    {"hint.file.unreadable",
     "{file} 파일을 읽을 수 없습니다({reason}). 권한을 확인하고, 실습 폴더 안의 일반 파일로 "
     "두세요(폴더 밖을 가리키는 링크는 따라가지 않습니다)."},
    {"hint.gpu.init-containers",
     "{where}: 초기화 컨테이너도 {resource:을/를} 요청하므로({detail}) 스케줄러는 이 파드에 {amount}개가 아니라 "
     "{total}개를 셈하고, 그만큼 다른 파드가 쓰지 못합니다. {resource:은/는} 앱 컨테이너에서만 요청하세요."},
    {"hint.gpu.init-only",
     "{where}: {resource:은/는} 초기화 컨테이너만 요청합니다({detail}). 초기화 컨테이너는 앱 컨테이너가 시작하기 전에 "
     "실행되고 끝나므로 앱에는 GPU가 없습니다. 앱 컨테이너(spec.containers)의 resources.limits에 {resource}: "
     "{amount}를 요청하세요."},
    {"hint.gpu.sidecar-only",
     "{where}: {resource:은/는} 사이드카 컨테이너(`restartPolicy: Always`인 초기화 컨테이너)만 요청합니다({detail}). "
     "GPU는 그것을 요청한 컨테이너에 주어지고 사이드카는 앱 컨테이너 옆에서 실행되므로, 앱에는 GPU가 없습니다. 앱 "
     "컨테이너(spec.containers)의 resources.limits에 {resource}: {amount}를 요청하세요."},
    {"hint.internal-error",
     "이 검사를 채점하는 중에 gpuwhy 자체가 실패했습니다(실습 작업이 아니라 gpuwhy의 버그입니다). gpuwhy snapshot "
     "출력과 함께 알려 주세요."},
    {"hint.manifest.constraint.bad-field-key",
     "{file}: {path}의 값 {found}: matchFields의 키는 metadata.name만 쓸 수 있어 apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.constraint.bad-key",
     "{file}: {path}: {found:은/는} 올바른 레이블 키가 아니어서(예: nvidia.com/gpu.present, / 앞은 소문자) apiserver가 "
     "매니페스트를 거부합니다."},
    {"hint.manifest.constraint.bad-namespace",
     "{file}: {path}: {found:은/는} 올바른 네임스페이스 이름이 아니어서(소문자, 숫자, '-'로 63자 이내) apiserver가 "
     "매니페스트를 거부합니다."},
    {"hint.manifest.constraint.bad-node-name",
     "{file}: {path}: {found:은/는} 올바른 노드 이름이 아니어서(소문자, 숫자, '-', '.') apiserver가 매니페스트를 "
     "거부합니다."},
    {"hint.manifest.constraint.bad-operator",
     "{file}: {path}의 값 {found}: 조건의 연산자는 In, NotIn, Exists, DoesNotExist, Gt, Lt 중 하나여야 "
     "하므로(matchFields는 In과 NotIn만, 대소문자 구분) apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.constraint.bad-value",
     "{file}: {path}: {found:은/는} 올바른 레이블 값이 아니어서(영문자, 숫자, '-', '_', '.'로 63자 이내, 양 끝은 "
     "영문자나 숫자) apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.constraint.bad-weight",
     "{file}: {path}의 값 {found}: preferred 조건의 weight는 1부터 100까지여야 하므로 apiserver가 매니페스트를 "
     "거부합니다."},
    {"hint.manifest.constraint.duplicate-label-key",
     "{file}: {path}: 키 {found:이/가} matchLabelKeys에도 있고 labelSelector나 mismatchLabelKeys에도 있어 apiserver가 "
     "매니페스트를 거부합니다. 키는 한 번만 쓰세요."},
    {"hint.manifest.constraint.label-keys-without-selector",
     "{file}: {path}에는 같은 조건에 labelSelector가 있어야 하므로 apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.constraint.no-terms",
     "{file}: {path}: required 노드 어피니티에는 조건 묶음이 하나 이상 있어야 하므로 apiserver가 매니페스트를 "
     "거부합니다."},
    {"hint.manifest.constraint.no-topology-key",
     "{file}: {path}: 파드 어피니티 조건에는 topologyKey(예: kubernetes.io/hostname)가 있어야 하므로 apiserver가 "
     "매니페스트를 거부합니다."},
    {"hint.manifest.constraint.not-integer",
     "{file}: {path}의 값 {found}: 따옴표 없는 정수여야 하므로 apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.constraint.not-list",
     "{file}: {path}에는 {found:이/가} 아니라 목록(- 로 시작하는 항목)이 와야 하므로 apiserver가 매니페스트를 읽다가 "
     "거부합니다."},
    {"hint.manifest.constraint.not-object",
     "{file}: {path}에는 {found:이/가} 아니라 매핑이 와야 하므로 apiserver가 매니페스트를 읽다가 거부합니다."},
    {"hint.manifest.constraint.not-string",
     "{file}: {path}의 {found:은/는} 문자열이 아니어서 apiserver가 매니페스트를 읽다가 거부합니다. 값을 따옴표로 "
     "감싸세요."},
    {"hint.manifest.constraint.one-value",
     "{file}: {path}의 값 {found}: Gt, Lt와 matchFields에는 값이 정확히 하나여야 하므로 apiserver가 매니페스트를 "
     "거부합니다."},
    {"hint.manifest.constraint.unknown-field",
     "{file}: {path:은/는} 그 자리에 Kubernetes가 모르는 필드여서 kubectl apply가 매니페스트를 거부합니다. 철자와 "
     "대소문자를 확인하세요."},
    {"hint.manifest.constraint.values-forbidden",
     "{file}: {path}: 연산자 Exists와 DoesNotExist에는 값을 쓸 수 없어 apiserver가 매니페스트를 거부합니다. 값을 "
     "지우세요."},
    {"hint.manifest.constraint.values-required",
     "{file}: {path}: 연산자 In과 NotIn에는 값이 하나 이상 있어야 하므로 apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.not-single-pod", "{file} 파일에는 kind가 Pod인 객체가 정확히 하나만 있어야 합니다."},
    {"hint.manifest.resources.above-limit",
     "{file}: {path}: {resource}의 request {found:이/가} limit {limit}보다 커서 apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.resources.bad-name",
     "{file}: {path}: {found:은/는} 올바른 자원 이름이 아니어서(예: nvidia.com/gpu, / 앞은 소문자) apiserver가 "
     "매니페스트를 거부합니다."},
    {"hint.manifest.resources.below-containers",
     "{file}: {path}: 파드 전체의 {resource} {found:이/가} 컨테이너들이 함께 요청하는 양({other})보다 적어서 "
     "apiserver가 "
     "매니페스트를 거부합니다."},
    {"hint.manifest.resources.claim-required",
     "{file}: {path}: claim에는 이름이 있어야 하므로 apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.resources.claim-unknown",
     "{file}: {path}: claim {found:은/는} 파드의 spec.resourceClaims 어디에도 없는 이름이어서 apiserver가 매니페스트를 "
     "거부합니다."},
    {"hint.manifest.resources.claims-for-pod",
     "{file}: {path}: claims는 파드 전체의 spec.resources가 아니라 컨테이너의 resources 아래에 쓰므로 apiserver가 "
     "매니페스트를 거부합니다."},
    {"hint.manifest.resources.container-above-pod",
     "{file}: {path}: 컨테이너의 {resource} limit {found:이/가} spec.resources에 쓴 파드 전체의 limit {other}보다 커서 "
     "apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.resources.hugepages-need-cpu-or-memory",
     "{file}: {path}: hugepages에는 cpu나 memory의 request 또는 limit이 함께 있어야 하므로 apiserver가 매니페스트를 "
     "거부합니다."},
    {"hint.manifest.resources.hugepages-size",
     "{file}: {path}의 값 {found:은/는} {resource} 페이지의 정수배가 아니어서 apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.resources.limit-required",
     "{file}: {path}: {resource:을/를} limit 없이 request({found})만 했습니다. 오버커밋할 수 없는 자원에는 limit이 "
     "있어야 하므로 apiserver가 매니페스트를 거부합니다. limits 아래에 적으세요."},
    {"hint.manifest.resources.negative",
     "{file}: {path}의 값 {found}: 양은 0보다 작을 수 없으므로 apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.resources.not-equal-limit",
     "{file}: {path}: {resource}의 request는 {found}, limit은 {limit}입니다. 오버커밋할 수 없는 자원는 request가 "
     "limit과 같아야 하므로 apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.resources.not-extended",
     "{file}: {path}: {found:은/는} 올바른 확장 자원 이름(예: nvidia.com/gpu)이 아니어서 apiserver가 매니페스트를 "
     "거부합니다."},
    {"hint.manifest.resources.not-for-containers",
     "{file}: {path}: 컨테이너는 {found:을/를} 요청할 수 없습니다. / 없는 이름은 cpu, memory, ephemeral-storage, "
     "hugepages만 되므로(GPU는 nvidia.com/gpu) apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.resources.not-for-pods",
     "{file}: {path}: 파드 전체의 spec.resources에는 cpu, memory, hugepages만 쓸 수 있고 {found:은/는} 쓸 수 없습니다. "
     "GPU는 컨테이너 아래(spec.containers[].resources)에 요청하므로 apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.resources.not-integer",
     "{file}: {path}의 값 {found}: {resource:은/는} 정수 단위로만 셉니다(0.5, 500m 불가). apiserver가 매니페스트를 "
     "거부합니다."},
    {"hint.manifest.resources.not-list",
     "{file}: {path}에는 {found:이/가} 아니라 목록(- 로 시작하는 항목)이 와야 하므로 apiserver가 매니페스트를 읽다가 "
     "거부합니다."},
    {"hint.manifest.resources.not-object",
     "{file}: {path}에는 {found:이/가} 아니라 매핑이 와야 하므로 apiserver가 매니페스트를 읽다가 거부합니다."},
    {"hint.manifest.resources.not-quantity",
     "{file}: {path}의 값 {found:은/는} 수량(예: 1, 500m, 2Gi; 대소문자 구분)이 아니어서 apiserver가 매니페스트를 "
     "읽다가 거부합니다."},
    {"hint.manifest.resources.not-standard",
     "{file}: {path}: {found:은/는} Kubernetes가 모르는 자원입니다. / 없는 이름은 Kubernetes 자체 이름(cpu, memory)만 "
     "되고, GPU는 nvidia.com/gpu입니다. apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.resources.not-string",
     "{file}: {path}의 {found:은/는} 문자열이 아니어서 apiserver가 매니페스트를 읽다가 거부합니다."},
    {"hint.manifest.resources.unknown-field",
     "{file}: {path:은/는} resources의 필드가 아니어서 kubectl apply가 매니페스트를 거부합니다. resources의 필드는 "
     "limits, requests, claims입니다(대소문자 구분)."},
    {"hint.manifest.toleration.bad-effect",
     "{file}: {path}의 값 {found}: apiserver는 NoSchedule, PreferNoSchedule, NoExecute(대소문자 구분) 또는 빈 effect만 "
     "받으므로 매니페스트를 거부합니다."},
    {"hint.manifest.toleration.bad-key",
     "{file}: {path}의 \"{found}\"는 올바른 키가 아니어서 apiserver가 매니페스트를 거부합니다. taint의 키는 "
     "{key}입니다: 소문자 도메인, /, 이름이며 공백이 없습니다."},
    {"hint.manifest.toleration.bad-operator",
     "{file}: {path}의 값 {found}: apiserver는 Equal 또는 Exists만 받으므로(대소문자 구분) 매니페스트를 거부합니다."},
    {"hint.manifest.toleration.bad-value",
     "{file}: {path}: 값 {found:은/는} 올바른 레이블 값이 아니어서(영문자, 숫자, '-', '_', '.'로 63자 이내, 양 끝은 "
     "영문자나 숫자) apiserver가 매니페스트를 거부합니다."},
    {"hint.manifest.toleration.empty-key-needs-exists",
     "{file}: {path}: key가 없는 톨러레이션은 operator가 Exists여야 하므로 apiserver가 매니페스트를 거부합니다. "
     "taint의 키를 적으세요: key: {key}."},
    {"hint.manifest.toleration.not-integer",
     "{file}: {path}의 값 {found}: apiserver는 따옴표 없는 정수(초)만 받으므로 매니페스트를 거부합니다."},
    {"hint.manifest.toleration.not-object",
     "{file}: {path:은/는} key, operator, value, effect를 가진 매핑이어야 합니다({found:은/는} 안 됩니다). apiserver가 "
     "매니페스트를 거부합니다."},
    {"hint.manifest.toleration.not-string",
     "{file}: {path}의 값 {found:은/는} 문자열이 아니어서 apiserver가 매니페스트를 읽다가 거부합니다. 값을 따옴표로 "
     "감싸세요."},
    {"hint.manifest.toleration.seconds-need-noexecute",
     "{file}: {path}: tolerationSeconds는 effect가 NoExecute일 때만 쓸 수 있어 apiserver가 매니페스트를 거부합니다. "
     "tolerationSeconds를 지우세요."},
    {"hint.manifest.toleration.unknown-field",
     "{file}: {path:은/는} 톨러레이션의 필드가 아니어서 kubectl apply가 매니페스트를 거부합니다. 톨러레이션의 필드는 "
     "key, operator, value, effect, tolerationSeconds입니다(대소문자 구분)."},
    {"hint.manifest.toleration.value-with-exists",
     "{file}: {path}: operator Exists에는 value를 쓸 수 없어(찾은 값: {found}) apiserver가 매니페스트를 거부합니다. "
     "value를 지우거나 operator Equal을 쓰세요."},
    {"hint.manifest.wrong-name",
     "{file} 파일의 파드 이름이 \"{name}\" 입니다. 실습이 기대하는 것은 metadata.name: {pod}입니다."},
    {"hint.manifest.api-version",
     "{file} 파일의 `apiVersion`이 {found}입니다. 파드는 `apiVersion: v1`이므로 kubectl이 이 파일을 거부하고(그 "
     "버전에는 "
     "`Pod`가 없음) 파드도 만들어지지 않습니다. `apiVersion: v1`로 쓰세요."},
    {"hint.manifest.api-version-missing",
     "{file} 파일에 `apiVersion`이 없어 kubectl이 거부하므로(`apiVersion not set`) 파드가 만들어지지 않습니다. 맨 위에 "
     "`apiVersion: v1`을 넣으세요."},
    {"hint.manifest.field.misplaced",
     "{file}: {path:은/는} 자리가 잘못되었습니다. {known}의 필드이므로 kubectl apply가 매니페스트 전체를 읽는 중에 "
     "거부합니다. {known} 아래로 옮기세요(필드가 속하는 곳은 들여쓰기가 정합니다)."},
    {"hint.manifest.field.spelled",
     "{file}: {path}: Kubernetes에서 이 필드의 철자는 {known}입니다(대소문자와 복수형 s도 구분). 그래서 kubectl "
     "apply가 매니페스트 전체를 읽는 중에 거부합니다."},
    {"hint.manifest.field.unknown",
     "{file}: {path:은/는} 그 자리에 있는 파드의 필드가 아니어서 kubectl apply가 매니페스트 전체를 읽는 중에 "
     "거부합니다. 철자, 대소문자, 들여쓰기를 확인하세요."},
    {"hint.manifest.field.wrong-type",
     "{file}: {path}에 {found:이/가} 있지만 Kubernetes가 읽는 이 필드의 형식은 {known}입니다. 그래서 kubectl apply가 "
     "매니페스트 전체를 읽는 중에 거부합니다."},
    {"hint.manifest.other-namespace",
     "{file} 파일은 파드를 {namespace:이/가} 아닌 네임스페이스 {found}에 둡니다. kubectl은 파드를 그곳에 만들고(-n "
     "{namespace}를 주면 파일을 거부함) 실습의 파드는 이 파일로 만든 것이 아닙니다. `metadata` 아래에 `namespace: "
     "{namespace}`를 쓰거나, 빼고 -n {namespace}를 쓰세요."},
    {"hint.manifest.yaml-error-at",
     "{file} 파일이 올바른 YAML이 아닙니다: {line}행 {column}열에서 읽기가 멈췄습니다. 그 근처의 들여쓰기(탭이 아닌 "
     "공백)와 괄호, 따옴표를 확인하세요."},
    {"hint.manifest.yaml-error", "{file} 파일이 올바른 YAML이 아닙니다: {reason}"},
    {"hint.manifest.yaml-control",
     "{file} 파일 {line}행 {column}열에 보이지 않는 제어 문자가 있습니다(터미널이나 복사로 들어간 것). kubectl의 YAML "
     "읽기는 주석 안에서도 제어 문자를 허용하지 않아 파일 전체를 거부합니다. 그 줄을 다시 입력하세요."},
    {"hint.manifest.yaml-tab",
     "{file} 파일 {line}행 {column}열에 탭 문자가 있습니다. kubectl의 YAML 읽기는 이 자리에 탭을 허용하지 않아 파일 "
     "전체를 거부합니다. 들여쓰기는 공백으로만 하세요."},
    {"hint.manifest.yaml-escape",
     "{file} 파일 {line}행 {column}열, 큰따옴표 문자열 안에 kubectl의 YAML 읽기가 모르는 이스케이프가 있어 파일 전체가 "
     "거부됩니다. 문자를 그대로 쓰거나 작은따옴표를 쓰세요."},
    {"hint.manifest.yaml-directive",
     "{file} 파일 {line}행에 `%` 지시문이 있습니다. kubectl은 문서를 하나씩 따로 읽으므로 파일을 거부합니다. 이 줄을 "
     "지우세요."},
    {"hint.manifest.yaml-merge",
     "{file} 파일 {line}행 {column}열의 병합 키(`<<`) 값이 맵이나 맵의 목록이 아니어서 kubectl이 파일 전체를 "
     "거부합니다. 앵커를 붙인 맵을 병합하거나(`<<: *이름`) 키를 직접 쓰세요."},
    {"hint.manifest.yaml-number",
     "{file} 파일 {line}행 {column}열에 `.inf`나 `.nan`이 있습니다. kubectl의 YAML 읽기는 이것을 JSON에 담을 수 없는 "
     "숫자로 읽어 파일 전체를 거부합니다. 숫자를 쓰거나, 글자 그대로라면 따옴표로 감싸세요(\".inf\")."},
    {"hint.manifest.yaml-separator",
     "{file} 파일 {line}행의 `---` 뒤에 글이 있습니다. kubectl은 그 자리에 주석만 허용하므로 파일을 거부합니다. 그 "
     "글을 다음 줄로 옮기세요."},
    {"hint.node-missing",
     "클러스터에 {node} 노드가 없습니다. kubeconfig가 가리키는 클러스터가 실습 클러스터가 맞나요?"},
    {"hint.pending.cordoned",
     "{node:은/는} `cordon` 상태입니다(`spec.unschedulable: true`). 스케줄러는 테인트나 GPU를 보기 전에 {pod:을/를} 이 "
     "노드에서 돌려보내므로, {pod:은/는} 실습이 보여 주려는 이유로 기다리는 것이 아닙니다. `kubectl uncordon {node}`를 "
     "실행하세요."},
    {"hint.placed.gated",
     "{pod:은/는} 스케줄링 게이트({gates})에서 기다리고 있어 스케줄러가 배정을 시도하지 않았습니다. {pod:을/를} "
     "지우고 {file}에서 schedulingGates를 없앤 뒤 다시 만드세요."},
    {"hint.placed.after-taint",
     "{pod:은/는} {node}에 테인트 {taint}{taint:이/가} 걸린 뒤에 만들어졌습니다. 톨러레이션이 없으므로(4단계에는 "
     "필요 없음) 스케줄러가 막고, `NoSchedule`은 새 파드만 막습니다. 테인트를 지우고(kubectl taint node {node} "
     "{taint}-) {pod:을/를} 다시 만든 뒤 노드에 테인트를 다시 거세요(5단계).{part_cpu_only}"},
    {"hint.placed.pending-before-taint",
     "{pod:은/는} 만들어질 때 배정되지 못했고(첫 거절: {first}) 그 뒤에 걸린 테인트 {taint}{taint:이/가} 이제 "
     "{pod:을/를} 막습니다. `NoSchedule`은 아직 배정되지 않은 파드만 막고 {pod}에는 톨러레이션이 필요 없습니다. "
     "테인트를 지우고(kubectl taint node {node} {taint}-) {pod:을/를} 지웠다가 다시 만든 뒤 노드에 테인트를 다시 "
     "거세요(5단계).{part_cpu_only}"},
    {"hint.placed.after-taint-taken",
     "{pod:은/는} {node}에 테인트 {taint}{taint:이/가} 걸린 뒤에 만들어졌습니다. 톨러레이션이 없으므로(4단계에는 "
     "필요 없음) 스케줄러가 막고, 그 뒤에 만든 {holders:이/가} {pod:이/가} 쓸 {node}의 GPU를 차지했습니다. 그 "
     "파드들을 지우고({commands}) 테인트를 지운 뒤(kubectl taint node {node} {taint}-) {pod:을/를} 다시 만들고, "
     "노드에 테인트를 다시 건 다음(5단계) {holders:을/를} 다시 만드세요(6, 7단계).{part_cpu_only}"},
    {"hint.pending.bound-before-taint",
     "{pod:이/가} 실행 중인 {bound}에는 지금 {pod:이/가} 용인하지 않는 테인트가 있습니다. 테인트를 걸기 전에 "
     "배치된 것이고, `NoSchedule`은 새 파드만 막습니다. {pod:을/를} 지우고 다시 만드세요(kubectl -n {namespace} "
     "delete pod {pod} 후 매니페스트 적용). 대기 상태로 남아야 합니다."},
    {"hint.pending.bound-before-labels",
     "{pod:이/가} 실행 중인 {bound:은/는} 이제 `nodeSelector`와 맞지 않습니다. {bound}에 레이블이 있을 때 "
     "배치된 것입니다. 파드는 한 번만 배치되므로 레이블을 옮겨도 파드는 옮겨지지 않습니다. {pod:을/를} 지우고 다시 "
     "만드세요."},
    {"hint.pending.gated",
     "{pod:은/는} 스케줄링 게이트({gates})에 묶여 있어 스케줄러가 아직 시도하지 않았고, 스케줄러 메시지도 없습니다. "
     "{pod:을/를} 지우고 매니페스트에서 schedulingGates를 뺀 뒤 다시 만드세요."},
    {"hint.pending.deleting",
     "{pod} 파드가 삭제되는 중입니다(kubectl delete 뒤 파이널라이저가 붙잡고 있음): 이제 실습이 뜻하는 Pending "
     "파드가 아닙니다. 삭제가 끝나면 파일로 {pod} 파드를 다시 만드세요."},
    {"hint.pending.not-evaluated",
     "{pod} 파드에 아직 PodScheduled=False/Unschedulable 조건이 없습니다. 스케줄러가 실행 중인가요? 몇 초 기다렸다가 "
     "다시 확인하세요(kubectl -n {namespace} get pod {pod} -o yaml)."},
    {"hint.placed.condition",
     "{pod} 파드는 노드에 배정되어 있지만 PodScheduled 조건이 True가 아니므로 스케줄러가 배정한 것이 아닙니다. "
     "nodeName 없이 다시 만드세요.{part_taint}{part_order}"},
    {"hint.placed.constrained",
     "{pod} 파드에 {fields} 설정이 있습니다. 그 설정을 지우고 파드를 다시 만드세요. GPU 요청만으로 스케줄러가 {node} "
     "노드를 골라야 합니다.{part_taint}{part_order}"},
    {"hint.placed.node-name",
     "{pod} 파드가 노드를 직접 지정하고 있어(spec.nodeName) 스케줄러를 건너뜁니다. {file}에서 nodeName을 지우고 "
     "파드를 다시 만드세요.{part_taint}{part_order}"},
    {"hint.placed.node-name-live",
     "{pod} 파드는 spec.nodeName이 지정된 채로 만들어져({manager}) 스케줄러를 건너뛰었습니다. {file}에는 이제 "
     "노드가 없지만, 실행 중인 파드는 예전 것입니다. 파드를 지우고(kubectl -n {namespace} delete pod {pod}) "
     "{file:을/를}"
     " 다시 적용하세요.{part_taint}{part_order}"},
    {"hint.placed.not-bound-toleration",
     "{pod} 파드가 아직 노드에 배정되지 않았고, 스케줄러는 여전히 {node} 노드의 테인트를 이유로 듭니다: {pod} 파드의 "
     "톨러레이션이 테인트와 맞지 않습니다. kubectl describe node {node}의 Taints와 key, value, operator, effect"
     "를 비교하세요."},
    {"hint.placed.not-bound-untolerant",
     "{pod} 파드가 아직 노드에 배정되지 않았습니다: 스케줄러는 {node} 노드의 테인트를 이유로 들고, {pod} 파드에는 그 "
     "테인트에 대한 톨러레이션이 없습니다. {file}에 {taint} 톨러레이션을 추가하고 {pod} 파드를 다시 만드세요."},
    {"hint.placed.not-bound-selector",
     "{pod} 파드가 아직 노드에 배정되지 않았습니다: {pod} 파드의 {fields:이/가} {node} 노드의 레이블과 맞지 않아 "
     "스케줄러가 그 노드에 둘 수 없습니다. {file}에서 {fields:을/를} 고치거나 지우고 {pod} 파드를 다시 만드세요."},
    {"hint.placed.not-bound-labels",
     "{pod} 파드가 아직 노드에 배정되지 않았습니다: {pod} 파드의 {fields:은/는} 실습의 GPU 레이블을 요구하는데 {node} "
     "노드에는 1단계대로 그 레이블이 붙어 있지 않아 스케줄러가 그 노드에 둘 수 없습니다. {node} 노드의 레이블을 "
     "고치세요(1단계)."},
    {"hint.placed.not-bound-taken",
     "{pod} 파드가 아직 노드에 배정되지 않았습니다: {pod} 파드가 들어갈 {node} 노드의 {resource:을/를} 다른 파드가 "
     "차지하고 있습니다({holders}). {holders:을/를} 지우면({commands}) 스케줄러가 {pod} "
     "파드를 {node} 노드에 배정합니다.{part_again}"},
    {"hint.placed.not-bound",
     "{pod} 파드가 아직 노드에 배정되지 않았습니다. PodScheduled 메시지를 보세요(kubectl -n {namespace} describe pod "
     "{pod}). Insufficient {resource} 라고 나오면 {node} 노드가 allocatable에 {resource:을/를} 광고하는지 "
     "확인하세요(2단계)."},
    {"hint.placed.manifest-elsewhere",
     "{pod} 파드는 {node} 노드에서 실행 중이지만, {file} 파일은 {node} 노드가 맞지 않는 조건으로 노드를 고릅니다"
     "({detail}). 저장된 그대로 적용하면 {pod} 파드는 Pending에 머뭅니다. 실행 중인 파드는 이 파일의 다른 버전으로 "
     "만들어졌습니다. {node} 노드가 맞도록 {file} 파일을 고치세요."},
    {"hint.placed.wrong-node",
     "{pod} 파드가 {node} 노드가 아닌 다른 노드에서 실행 중입니다. {resource:을/를} 광고하는 노드는 {node} 하나여야 "
     "합니다. 2단계를 확인하고 파드를 다시 만드세요.{part_taint}{part_order}"},
    {"hint.pod-missing",
     "{namespace} 네임스페이스에 {pod} 파드가 없습니다. kubectl apply -f에 -n {namespace} 옵션을 붙여(또는 "
     "매니페스트에 metadata.namespace를 적어) 만드세요."},
    {"hint.scheduler-file.also-other-kind",
     "{file} 파일에 맞는 종류의 메시지와 함께 다른 종류의 메시지(표시된 것)가 있습니다. 다른 파드의 것이거나 "
     "{pod}의 이전 시도의 것입니다(describe와 events는 이전 것도 보여 줌). 이 파일에는 {pod}의 지금 메시지만 있어야 "
     "합니다. 다시 저장하세요: kubectl -n {namespace} get pod {pod} -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}' > {file}"},
    {"hint.scheduler-file.cut",
     "{file} 파일의 메시지가 중간에 잘렸습니다: 이유 목록이 끝을 알리는 마침표 전에 끊깁니다. kubectl get pod -o yaml"
     "은 "
     "긴 메시지를 여러 줄로 접어 쓰고, grep은 그 첫 줄만 남깁니다. 메시지 전체를 저장하세요: kubectl -n {namespace} "
     "get pod {pod} -o jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}' > {file}"},
    {"hint.scheduler-file.no-live-message",
     "{pod} 파드에는 지금 스케줄러 메시지가 없습니다(더 이상 Pending이 아님). 그래서 {file} 파일은 더 이상 클러스터 "
     "상태를 설명하지 못합니다. 그 단계의 상태로 되돌린 뒤 메시지를 다시 저장하세요."},
    {"hint.scheduler-file.no-message",
     "{file} 파일에 스케줄러 메시지(\"0/3 nodes are available: ...\")가 없습니다. {pod} 파드의 PodScheduled 메시지를 "
     "저장하세요: kubectl -n {namespace} get pod {pod} -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}' > {file}"},
    {"hint.scheduler-file.gated",
     "{file} 파일에는 스케줄링 게이트가 {pod:을/를} 붙잡고 있던 동안의 상태(\"Scheduling is blocked due to non-empty "
     "scheduling gates\")가 들어 있습니다. 스케줄러가 아직 시도하지 않았으므로 스케줄러 메시지가 아닙니다. {pod:을/를} "
     "지우고 매니페스트에서 schedulingGates를 뺀 뒤 다시 만들고, 그때의 PodScheduled 메시지를 저장하세요."},
    {"hint.scheduler-file.stale",
     "{file} 파일의 이유가 {pod} 파드의 현재 메시지({live})와 다릅니다. 현재 메시지를 다시 저장하세요."},
    {"hint.scheduler-file.wrong-kind-insufficient",
     "{file} 파일의 메시지에 Insufficient {resource:이/가} 없습니다. GPU 두 개가 모두 쓰이고 있을 때 trainer3의 "
     "메시지를 저장하세요."},
    {"hint.scheduler-file.wrong-kind-taint",
     "{file} 파일의 메시지가 테인트를 이유로 들지 않습니다. cpu-only가 테인트 때문에 대기하고 있을 때 그 메시지를 "
     "저장하세요."},
    {"hint.step1.gpu-labels.case",
     "라벨 값은 대소문자를 구분합니다: {labels}. 실습에 적힌 값 그대로 --overwrite와 함께 붙이세요."},
    {"hint.step1.gpu-labels.fix",
     "{node} 노드에 GPU 라벨이 없거나 값이 다릅니다. 라벨을 지정하세요: kubectl label node {node} {labels} "
     "--overwrite"},
    {"hint.step1.gpu-labels.wrong-node",
     "GPU 라벨이 {node} 노드가 아니라 {other} 노드에 붙어 있습니다. {node} 노드에 라벨을 붙이고 {other} 노드에서는 "
     "지우세요(kubectl label node {other} {remove})."},
    {"hint.step1.namespace.missing",
     "{namespace} 네임스페이스가 없습니다. 네임스페이스를 만드세요: kubectl create namespace {namespace}"},
    {"hint.step1.namespace.terminating",
     "{namespace} 네임스페이스가 삭제되는 중입니다. 완전히 사라질 때까지 기다렸다가 다시 만들고 단계를 처음부터 다시 "
     "진행하세요."},
    {"hint.step1.other-nodes-clean",
     "GPU 노드는 {node} 하나뿐인데 다른 노드에 GPU 라벨이 있습니다. 지우세요: {commands} (끝의 마이너스가 "
     "라벨을 지웁니다)."},
    {"hint.step2.advertised-file.capacity-only",
     "{file}에서 {node}의 {resource:이/가} capacity에만 있고 allocatable에는 없습니다. 스케줄러는 allocatable을 "
     "보므로 capacity 만으로는 자리가 생기지 않습니다. /status/allocatable/nvidia.com~1gpu도 \"{amount}\" 로 "
     "패치한 뒤(--subresource=status) 광고량을 다시 저장하세요."},
    {"hint.step2.advertised-file.backslash",
     "모든 노드가 <none> 입니다. 셸이 nvidia\\.com/gpu의 백슬래시를 지워서 kubectl이 nvidia라는 키를 찾았을 "
     "가능성이 큽니다. -o 인자 전체를 작은따옴표로 감싸세요: -o "
     "'custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\\.com/gpu'"},
    {"hint.step2.advertised-file.bare-numbers",
     "{file} 파일에 숫자만 있고 노드 이름이 없어서 어느 노드가 얼마를 광고하는지 알 수 없습니다. 이름도 함께 "
     "출력하세요. 예: -o 'custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\\.com/gpu'"},
    {"hint.step2.advertised-file.missing-nodes",
     "{file} 파일에 클러스터의 노드가 다 나오지 않습니다. 빠진 노드: {nodes}. 한 노드만이 아니라 모든 노드의 "
     "광고량을 저장하세요(kubectl get nodes ...)."},
    {"hint.step2.advertised-file.unknown-nodes",
     "{file} 파일에 이 클러스터에 없는 노드가 있습니다: {nodes}. 실습 클러스터에서 출력을 다시 저장하세요."},
    {"hint.step2.advertised-file.unreadable",
     "gpuwhy가 {file} 파일을 해석하지 못했습니다({reason}). kubectl이 출력하는 그대로 저장하세요: "
     "표(custom-columns), 노드 이름이 있는 jsonpath 출력, -o json, -o yaml, kubectl describe nodes."},
    {"hint.step2.advertised-file.wrong-amount",
     "{file} 파일에 실습이 예상하지 않은 광고량이 있습니다: {wrong}. {node} 노드는 {amount}, 다른 노드는 아무것도 "
     "없어야 합니다. 노드 status를 패치한 뒤 파일을 다시 저장하세요."},
    {"hint.step2.allocatable.capacity-only",
     "capacity는 있는데 allocatable이 없습니다. 스케줄러는 allocatable을 보므로 {node} 노드에서 GPU를 하나도 "
     "보지 못하고, GPU 파드는 대기하게 됩니다. /status/allocatable/nvidia.com~1gpu도 \"{amount}\" 로 "
     "패치하세요(같은 명령, --subresource=status)."},
    {"hint.step2.allocatable.missing",
     "{node} 노드가 {resource:을/를} 전혀 광고하지 않습니다. kubectl patch node {node} --subresource=status --type=json"
     "으로 /status/capacity/nvidia.com~1gpu와 /status/allocatable/nvidia.com~1gpu를 둘 다 \"{amount}\" 로 "
     "패치하세요."},
    {"hint.step2.allocatable.no-pods",
     "{node} 노드의 status.allocatable에 {resource:은/는} 있지만 파드가 들어갈 자리가 없습니다. 패치가 맵 전체를 "
     "바꿔 {dropped:을/를} 없앴으므로 스케줄러는 어떤 파드도 {node} 노드에 배정하지 않습니다(`Too many pods`). "
     "capacity에 있는 값으로 되돌리세요: kubectl patch node {node} --subresource=status --type=merge -p "
     "'{restore}'. GPU는 /status/allocatable/nvidia.com~1gpu에 `op: add`로 넣고, /status/allocatable을 통째로 "
     "`replace`하지 마세요."},
    {"hint.step2.allocatable.wrong-value",
     "{node} 노드가 allocatable에 다른 양을 광고합니다. /status/allocatable/nvidia.com~1gpu를 \"{amount}\" 로 다시 "
     "패치하세요."},
    {"hint.step2.capacity.missing",
     "{node} 노드의 status.capacity에 GPU가 없습니다. status 하위 리소스를 패치하세요: kubectl patch node {node} "
     "--subresource=status --type=json -p "
     "'[{\"op\":\"add\",\"path\":\"/status/capacity/nvidia.com~1gpu\",\"value\":\"{amount}\"}]'. "
     "--subresource=status가 없으면 변경이 버려집니다."},
    {"hint.step2.capacity.other-node",
     "{node} 노드의 status.capacity에는 GPU가 없고 {others}에 있습니다. status 패치가 다른 노드에 들어갔습니다. "
     "{node} 노드를 패치하고(kubectl patch node {node} --subresource=status --type=json -p "
     "'[{\"op\":\"add\",\"path\":\"/status/capacity/nvidia.com~1gpu\",\"value\":\"{amount}\"}]', "
     "/status/allocatable도 같게) {others}에서는 {resource:을/를} 지우세요."},
    {"hint.step2.capacity.wrong-value",
     "{node} 노드가 capacity에 다른 양을 광고합니다. /status/capacity/nvidia.com~1gpu를 \"{amount}\" 로 다시 "
     "패치하세요."},
    {"hint.step2.other-nodes",
     "GPU가 있는 노드는 {node} 하나뿐입니다. 다른 노드의 status에서 {resource:을/를} "
     "지우세요(/status/capacity/nvidia.com~1gpu와 /status/allocatable/nvidia.com~1gpu에 JSON patch op remove, "
     "--subresource=status)."},
    {"hint.step3.apiserver-rejects.accepted",
     "apiserver가 {file} 파일을 받아들였습니다. 보여 주려는 규칙을 어기지 않는다는 뜻입니다. 단계 설명과 비교해서 "
     "{resource} 양을 고치세요."},
    {"hint.step3.apiserver-rejects.no-namespace",
     "{namespace} 네임스페이스가 없어서 {file} 파일의 dry-run이 실패했습니다. 먼저 네임스페이스를 만드세요(1단계)."},
    {"hint.step3.apiserver-rejects.not-sent",
     "{file} 파일이 없거나 Pod 하나가 아니어서 apiserver로 보내지 않았습니다. 먼저 매니페스트를 고치세요."},
    {"hint.step3.apiserver-rejects.wrong-reason-fraction",
     "apiserver가 {file} 파일을 거절했지만 {resource} 양이 소수라서가 아닙니다. 나머지는 올바르게 두고 0.5 같은 "
     "양을 쓰세요."},
    {"hint.step3.apiserver-rejects.wrong-reason-mismatch",
     "apiserver가 {file} 파일을 거절했지만 {resource}의 requests와 limits가 달라서가 아닙니다. 둘 다 정수로 "
     "두고 값만 다르게 하세요."},
    {"hint.step3.fraction-manifest.no-gpu",
     "{file} 파일이 {resource:을/를} 요청하지 않습니다. resources.limits에 0.5 같은 소수로 적으세요."},
    {"hint.step3.fraction-manifest.whole",
     "{file} 파일의 {resource} 양이 모두 정수라서 이 규칙을 시험하지 못합니다. 0.5나 500m 같은 소수를 쓰세요."},
    {"hint.step3.mismatch-manifest.equal",
     "{file} 파일에서 {resource}의 requests와 limits가 같아서 파드가 유효합니다. 규칙이 거절하는 모습을 보려면 두 "
     "값을 다르게 하세요(예: requests 2, limits 1)."},
    {"hint.step3.mismatch-manifest.fractional",
     "{file} 파일이 소수를 씁니다. 그것은 다른 규칙(bad-fraction.yaml)입니다. 여기서는 서로 다른 정수 두 개를 "
     "쓰세요."},
    {"hint.step3.mismatch-manifest.negative",
     "{file} 파일이 음수를 씁니다. apiserver는 음수를 따로 거절합니다(`must be greater than or equal to 0`). 여기서는 "
     "0 이상인 서로 다른 정수 두 개(예: requests 1, limits 2)를 쓰세요."},
    {"hint.step3.mismatch-manifest.needs-both",
     "{file} 파일은 컨테이너의 resources.requests와 resources.limits 양쪽에 {resource:을/를} 서로 다른 정수로 적어야 "
     "합니다. limits만 적으면 requests가 limits에서 복사되어 파드가 유효해집니다."},
    {"hint.step3.not-created.exists",
     "다음 파드가 있습니다: {pods}. 잘못된 매니페스트를 apiserver가 받아들일 때까지 고친 것입니다. 규칙을 어기는 "
     "양으로 되돌리고 파드를 지우세요."},
    {"hint.step3.not-created.no-names",
     "gpuwhy는 파드 이름을 {mismatch_file}, {fraction_file}에서 읽는데 둘 다 읽을 수 없었습니다. 먼저 매니페스트를 "
     "작성하세요."},
    {"hint.step3.not-quantity",
     "{file}에서 {resource}의 값으로 쓴 {value}: 쿠버네티스 수량(quantity)이 아니어서 apiserver가 매니페스트를 읽는 "
     "단계에서 거부하므로 이 규칙까지 가지 않습니다. 2, 0.5, 500m처럼 숫자나 수량으로 쓰세요."},
    {"hint.step3.rejected-file.empty",
     "{file} 파일이 비어 있습니다. kubectl은 오류를 표준 오류로 내보내므로 > 만으로는 받을 수 없습니다. 첫 번째 "
     "매니페스트는 kubectl apply -f ... > {file} 2>&1, 두 번째는 ... >> {file} 2>&1로 실행하세요."},
    {"hint.step3.rejected-file.neither",
     "{file} 파일의 거절은 이 단계의 두 규칙 어느 쪽도 아닙니다: \"must be equal to {resource} limit\"와 "
     "{resource} 필드의 \"must be an integer\". k8s/bad-mismatch.yaml과 k8s/bad-fraction.yaml을 적용하고 "
     "kubectl이 출력하는 것을 저장하세요(첫 번째는 > {file} 2>&1, 두 번째는 >> {file} 2>&1)."},
    {"hint.step3.rejected-file.no-fraction",
     "{file} 파일에 {resource} 필드에 대한 \"must be an integer\" 거절이 없습니다. k8s/bad-fraction.yaml을 "
     "적용하고 그 메시지를 덧붙이세요(>> {file} 2>&1)."},
    {"hint.step3.rejected-file.no-mismatch",
     "{file} 파일에 \"must be equal to {resource} limit\" 거절이 없습니다. k8s/bad-mismatch.yaml을 적용하고 그 "
     "메시지를 덧붙이세요(>> {file} 2>&1)."},
    {"hint.step3.rejected-file.no-rejection",
     "{file} 파일에 apiserver의 거절 메시지가 없습니다. 잘못된 매니페스트 두 개를 적용하고 kubectl이 출력하는 것을 "
     "표준 오류까지 포함해 저장하세요(2>&1)."},
    {"hint.step3.rejected-file.other-pods",
     "{file} 파일에 있는 거절은 {pods} 파드의 것인데, 두 잘못된 매니페스트 중 어느 것도 그 파드를 만들지 "
     "않습니다({mismatch_file}, "
     "{fraction_file}의 이름은 {names}). 다른 시도에서 저장한 것입니다. 지금의 두 매니페스트를 적용하고 kubectl이 "
     "출력한 "
     "내용을 저장하세요(첫 번째는 > {file} 2>&1, 두 번째는 >> {file} 2>&1)."},
    {"hint.step3.rejected-file.other-result",
     "{file} 파일에 거절이 하나뿐이고, 다른 명령은 거절 대신 이것을 출력했습니다: {result}. 잘못된 매니페스트 두 "
     "개가 모두 apiserver에 닿아 거절되어야 합니다. 그 줄이 가리키는 매니페스트를 고쳐 다시 적용하고 메시지를 "
     "덧붙이세요(>> {file} 2>&1)."},
    {"hint.step3.rejected-file.overwritten",
     "{file} 파일에 거절이 하나뿐입니다. 두 번째 명령이 첫 번째 결과를 덮어썼을 가능성이 큽니다. 첫 번째는 >, 두 "
     "번째는 >>(덧붙이기)를 쓰고 둘 다 2>&1을 붙이세요."},
    {"hint.step4.manifest.constraint",
     "{file} 파일에 {fields} 설정이 있습니다. 지우세요: trainer는 자원만으로 GPU 노드에 가야 "
     "합니다.{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.manifest.containers-sum",
     "{file}의 여러 컨테이너가 {resource:을/를} 요청하고({detail}) 스케줄러는 이를 더하므로 파드는 {total}개를 "
     "요청합니다. 한 컨테이너에서만 {amount}개를 요청하세요.{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.manifest.limit",
     "{file} 파일은 resources.limits에서 {resource}: {amount}만큼 요청해야 "
     "합니다.{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.manifest.requests-and-constraint",
     "{file} 파일이 requests에 {resource:을/를} 적고 {fields} 설정으로 파드를 고정합니다. limits({resource}: "
     "{amount})만 남기고 {fields} 설정은 지우세요: 요점은 apiserver가 requests를 채운다는 것, 그리고 자원만으로 "
     "노드가 정해진다는 것입니다.{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.manifest.requests-set",
     "{file} 파일이 requests에 {resource:을/를} 적었습니다. limits에만 적으세요: apiserver가 limits를 requests로 "
     "복사해 준다는 것이 이 단계에서 볼 내용입니다.{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.requests-defaulted.written",
     "{pod} 파드는 requests를 적은 매니페스트로 만들어졌습니다({resource}: {amount}, last-applied-configuration에 "
     "남아 있음): apiserver가 채운 것이 없습니다. {pod} 파드를 지우고 limits만 적은 {file} 파일을 적용해, apiserver가 "
     "limit을 requests로 복사하는 것을 확인하세요.{part_taint}{part_order}"},
    {"hint.step4.requests-defaulted",
     "클러스터의 {pod} 파드는 {resource}의 requests와 limits가 {amount:으로/로} 되어 있지 않습니다. 매니페스트로 다시 "
     "만들고(kubectl delete pod {pod} -n {namespace} 후 apply) -o yaml로 requests를 확인하세요."},
    {"hint.step5.cpu-only-pending.not-taint",
     "cpu-only의 메시지가 테인트를 이유로 들지 않습니다. {node} 노드에 견디지 못하는 테인트가 있다는 내용이어야 "
     "합니다. 테인트(5단계)를 확인하고, cpu-only가 GPU를 요청하지 않는지 확인하세요."},
    {"hint.step5.cpu-only-pending.scheduled",
     "cpu-only가 노드에 배정되었습니다({bound}). {node} 노드에 테인트가 없거나, cpu-only가 그 테인트를 견디거나, "
     "GPU 라벨이 다른 노드에 있습니다. 그것을 고친 뒤 cpu-only를 다시 만드세요."},
    {"hint.step5.cpu-only-spec.does-not-fit",
     "{file}: 테인트가 없어도 cpu-only는 {node}에 들어갈 수 없으므로({detail}) 대기 상태가 테인트에 대해 아무것도 "
     "보여 주지 못합니다. {node}에 남은 만큼만 요청하세요.{part_recreate}"},
    {"hint.step5.cpu-only-spec.pod-affinity",
     "{file}: {detail} 조건은 {node}에서 실행 중인 파드 때문에 cpu-only를 {node}에서 제외합니다. 그러면 테인트가 "
     "없어도 cpu-only는 GPU 노드에 가지 못하므로, 대기 상태가 테인트에 대해 아무것도 보여 주지 못합니다. 이 필수 "
     "조건을 지우세요.{part_recreate}"},
    {"hint.step5.cpu-only-spec.excludes-node",
     "{file}: {detail} 조건은 랩의 레이블이 붙은 {node}도 제외합니다. 그러면 테인트가 없어도 cpu-only는 GPU 노드에 "
     "가지 못하므로, 대기 상태가 테인트에 대해 아무것도 보여 주지 못합니다. nodeSelector {selector}만 "
     "남기세요.{part_recreate}"},
    {"hint.step5.cpu-only-spec.gated",
     "{file}: spec.schedulingGates {detail} 때문에 스케줄러가 어떤 노드도 시도하기 전에 cpu-only가 묶여 있어, "
     "테인트를 말하는 메시지가 나올 수 없습니다. schedulingGates를 지우세요.{part_recreate}"},
    {"hint.step5.cpu-only-spec.gpu",
     "cpu-only는 {resource:을/를} 요청하면 안 됩니다({detail}). resources에서 지우세요. 그렇지 않으면 대기 이유가 "
     "테인트 하나만이 아니게 됩니다.{part_recreate}"},
    {"hint.step5.cpu-only-spec.node-name",
     "{file}에 spec.nodeName: {detail:이/가} 있습니다. 노드가 정해진 파드는 스케줄러를 건너뛰므로 테인트도 "
     "적용되지 않습니다. nodeName을 지우고 스케줄러가 cpu-only를 대기 상태로 두게 하세요.{part_recreate}"},
    {"hint.step5.cpu-only-spec.selector",
     "cpu-only가 GPU 노드를 노리려면 nodeSelector {selector} 설정이 필요합니다(현재: {detail}).{part_recreate}"},
    {"hint.step5.cpu-only-spec.spread",
     "{file}: {detail}: {node}에서 실행 중인 파드와 이 조건이 세는 노드를 보면 cpu-only가 {node}에 가면 maxSkew를 "
     "넘습니다. 그러면 테인트가 없어도 GPU 노드에 가지 못하므로, 대기 상태가 테인트에 대해 아무것도 보여 주지 "
     "못합니다. 이 분산 조건을 지우세요.{part_recreate}"},
    {"hint.step5.cpu-only-spec.spread-label",
     "{file}: {detail}: {node}에는 이 topologyKey의 레이블이 없어서, 테인트가 없어도 분산 조건이 cpu-only를 {node}에서 "
     "제외합니다. 대기 상태가 테인트에 대해 아무것도 보여 주지 못하므로 이 분산 조건을 지우세요.{part_recreate}"},
    {"hint.step5.cpu-only-spec.toleration",
     "cpu-only는 {taint} 테인트를 견디면 안 됩니다({detail}). 테인트가 cpu-only를 GPU 노드에서 떼어 놓을 수 있도록 "
     "톨러레이션을 지우세요.{part_recreate}"},
    {"hint.step5.cpu-only-spec.unquoted",
     "nodeSelector 값은 따옴표로 감싼 문자열 \"true\" 여야 합니다. 따옴표가 없으면 YAML이 불리언 {detail:으로/로} "
     "읽어 apiserver가 거절합니다.{part_recreate}"},
    {"hint.step5.taint.extra",
     "{node}에는 랩의 테인트 {taint}와 함께 같은 키의 {extra}도 있습니다. 남는 것을 지우세요: kubectl taint node "
     "{node} {remove}"},
    {"hint.step5.taint.missing",
     "{node} 노드에 {key} 테인트가 없습니다. 테인트를 거세요: kubectl taint node {node} {taint}. 파드를 스케줄하려고 "
     "테인트를 지우지 마세요."},
    {"hint.step5.taint.noexecute",
     "{node} 노드의 테인트 효과가 NoExecute입니다. NoExecute는 견디지 못하는, 이미 실행 중인 파드(trainer)를 "
     "쫓아냅니다. NoSchedule을 쓰세요: kubectl taint node {node} {key}:NoExecute- 다음에 kubectl taint node {node} "
     "{taint}.{part_cpu_only}"},
    {"hint.step5.taint.other-nodes",
     "{key} 테인트는 {node} 노드에만 있어야 하는데 다른 노드에도 있습니다: {others}. 그 노드에서는 "
     "{commands} 로 지우세요."},
    {"hint.step5.taint.wrong-effect",
     "{node} 노드의 {key} 테인트 효과가 틀렸습니다(필요한 효과: {effect}). 테인트를 지우고(kubectl taint node {node} "
     "{key}-) 다시 거세요: kubectl taint node {node} {taint}.{part_cpu_only}"},
    {"hint.step5.taint.wrong-value",
     "{node} 노드의 {key} 테인트 값이 다릅니다(필요한 값: {value}). 한 번에 값을 바꾸세요: kubectl taint node "
     "{node} {taint} --overwrite (먼저 지우면 그 사이에 Pending 파드가 들어갑니다)."},
    {"hint.step5.tainted-file.insufficient",
     "{file} 파일에 Insufficient {resource} 메시지가 있습니다. 그것은 trainer3의 메시지(7단계)입니다. 여기에는 "
     "cpu-only의 메시지를 저장하세요."},
    {"hint.step5.trainer-not-evicted.gone",
     "{pod} 파드가 더 이상 없습니다. NoSchedule 테인트는 실행 중인 파드를 결코 지우지 않습니다. {pod} 파드를 다시 "
     "만들고(4단계) 지우지 마세요.{part_taint}{part_order}"},
    {"hint.step5.trainer-not-evicted.not-created",
     "{pod:이/가} 없고 이를 가리키는 이벤트도 없습니다. 아직 만들지 않았거나 오래전에 지웠습니다. 만들고(4단계) "
     "계속 실행되게 두세요. `NoSchedule` 테인트는 실행 중인 파드를 지우지 않습니다.{part_taint}{part_order}"},
    {"hint.step5.trainer-not-evicted.moved",
     "{pod} 파드가 {node} 노드에서 실행 중이 아닙니다. 노드에 테인트를 걸기 전에 4단계처럼 다시 "
     "만드세요.{part_taint}{part_order}"},
    {"hint.step5.trainer-not-evicted.never-scheduled",
     "{pod} 파드가 한 번도 스케줄되지 않았으므로 지킬 것이 없었습니다. 먼저 4단계를 성공시키세요. 스케줄러가 {pod} "
     "파드를 {node} 노드에 배정하지 않은 까닭은 4단계 검사가 알려 줍니다."},
    {"hint.step5.trainer-not-evicted.deleting",
     "{pod} 파드가 삭제되는 중입니다(kubectl delete 뒤 파이널라이저가 붙잡고 있음): 테인트가 지우는 것이 아니며, "
     "NoSchedule 테인트는 실행 중인 파드를 절대 지우지 않습니다. 삭제가 끝나면 파일로 {pod} 파드를 다시 만들고(4단계) "
     "그대로 두세요."},
    {"hint.step5.trainer-not-evicted.noexecute",
     "{pod} 파드가 쫓겨났거나 삭제되는 중입니다. NoExecute 테인트는 견디지 못하는 파드를 쫓아냅니다. NoSchedule을 "
     "쓰고 {pod} 파드를 다시 만드세요."},
    {"hint.step5.trainer-not-evicted.noexecute-other",
     "{pod} 파드가 쫓겨났습니다. {node} 노드에 {pod} 파드가 견디지 못하는 NoExecute 테인트 {taint}가 있고, "
     "NoExecute 테인트는 견디지 못하는 파드를 쫓아냅니다(실습의 NoSchedule 테인트는 그러지 않습니다). 그 테인트를 "
     "지우고(kubectl taint node {node} {taint_key}-) {pod} 파드를 파일로 다시 만드세요(4단계)."},
    {"hint.step6.gate-kept.cpu-only-scheduled",
     "cpu-only가 더 이상 대기하지 않습니다. 테인트가 cpu-only를 {node} 노드에서 떼어 놓아야 합니다. 테인트를 "
     "확인하고 cpu-only에 톨러레이션이 없는지 확인한 뒤 다시 만드세요."},
    {"hint.step6.gate-kept.taint-changed",
     "{node} 노드의 테인트가 바뀌었습니다. 지금은 {found}, 실습의 테인트는 {taint}. 실습의 테인트로 되돌리세요(다른 "
     "테인트는 kubectl taint node {node} {key}- 로 지웁니다)."},
    {"hint.step6.gate-kept.taint-not-added",
     "{node}에 아직 {taint} 테인트가 없습니다. 추가하세요(kubectl taint node {node} {taint}, 5단계). GPU 파드를 "
     "들이는 것은 테인트를 지우는 것이 아니라 톨러레이션입니다."},
    {"hint.step6.gate-kept.taint-removed",
     "{taint} 테인트가 더 이상 {node} 노드에 없습니다. 다시 거세요(kubectl taint node {node} {taint}). GPU 파드를 "
     "들여보내는 것은 테인트 제거가 아니라 톨러레이션입니다."},
    {"hint.part.recreate-under-taint",
     " {taint_node}에는 {pod:이/가} 허용하지 않는 {taint} 테인트가 있어 새로 만든 {pod:은/는} 대기 상태로 남습니다. "
     "{pod:을/를} 만들기 전에 테인트를 지우고(kubectl taint node {taint_node} {taint_key}-), 만든 뒤에는 5단계처럼 "
     "다시 "
     "거세요.{part_cpu_only}"},
    {"hint.part.create-again", " 그다음 {again:을/를} 파일로 다시 만드세요."},
    {"hint.part.recreate-live",
     " {recreate_pod:은/는} 이미 있고, apiserver는 파드 spec 대부분의 변경을 거부합니다(kubectl apply가 "
     "`Forbidden`이라고 답함). 지우고(kubectl delete pod -n {namespace} {recreate_pod}) 고친 파일로 다시 만드세요."},
    {"hint.part.cpu-only-first",
     " 테인트를 지우기 전에 cpu-only를 지우고(kubectl delete pod -n {namespace} cpu-only) 테인트가 돌아온 뒤 "
     "k8s/cpu-only.yaml을 다시 적용하세요. cpu-only를 lab-node-0에서 막는 것은 테인트뿐입니다."},
    {"hint.part.recreate-trainer3-first",
     " 먼저 {waiting:을/를} 지우세요. 그렇지 않으면 비운 GPU를 {waiting:이/가} 차지합니다. {waiting:은/는} 마지막에 "
     "다시 만드세요."},
    {"hint.step6.gpu.live",
     "클러스터의 {pod} 파드는 {resource}의 requests와 limits가 {amount:으로/로} 되어 있지 않습니다. {file} 파일로 다시 "
     "만드세요.{part_taint}{part_order}"},
    {"hint.step6.gpu.manifest",
     "{file} 파일은 {resource}: {amount}만큼 요청해야 합니다(limits에 적고, requests를 적는다면 같은 값으로)."},
    {"hint.step6.toleration.missing",
     "{pod}에 {key}에 대한 톨러레이션이 없습니다. spec.tolerations에 추가하세요: key {key}, operator Equal, "
     "value {value}, effect {effect}."},
    {"hint.step6.toleration.too-broad",
     "{pod}에 키 없이 operator Exists인 톨러레이션이 있습니다. 이 톨러레이션은 모든 노드의 모든 테인트를 "
     "견딥니다. 키 {key}만 견디도록 하세요(operator Equal, value {value}, effect "
     "{effect}).{part_recreate_tolerations}"},
    {"hint.step6.toleration.too-broad-effect",
     "{pod}에 키 없이 operator Exists, effect {effect}인 톨러레이션이 있습니다. 이 톨러레이션은 키와 상관없이 "
     "모든 노드의 {effect} 테인트를 모두 견딥니다. 키 {key}만 견디도록 하세요(operator Equal, value {value}, "
     "effect {effect}).{part_recreate_tolerations}"},
    {"hint.step6.toleration.wrong-effect-seconds",
     "{pod}의 {key} 톨러레이션은 effect NoExecute와 tolerationSeconds를 씁니다. tolerationSeconds는 NoExecute "
     "톨러레이션에만 쓸 수 있습니다. effect {effect:으로/로}(또는 비워서) tolerationSeconds 없이 {key} 톨러레이션을 "
     "하나 더하세요.{part_recreate_tolerations}"},
    {"hint.step6.toleration.wrong-effect",
     "{pod}의 {key} 톨러레이션에 다른 효과가 적혀 있습니다. effect를 비워 두거나 {effect:으로/로} "
     "쓰세요.{part_recreate_tolerations}"},
    {"hint.step6.toleration.wrong-key",
     "{pod}의 톨러레이션은 키 {found:을/를} 쓰지만 테인트의 키는 {key}입니다. 톨러레이션은 대소문자까지 정확히 같은 "
     "키에만 맞습니다. `key: {key}`(operator Equal, value {value}, effect {effect})로 "
     "쓰세요.{part_recreate_tolerations}"},
    {"hint.step6.toleration.wrong-value",
     "{pod}의 {key} 톨러레이션 값이 테인트의 값({value})과 다릅니다. operator Equal에서는 값이 정확히 같아야 "
     "합니다.{part_recreate_tolerations}"},
    {"hint.step7.exhausted-file.taint",
     "{file} 파일의 메시지가 테인트를 이유로 듭니다. cpu-only의 메시지이거나, trainer3에 톨러레이션이 없었던 "
     "것입니다. trainer3의 메시지가 Insufficient {resource:으로/로} 바뀐 뒤에 저장하세요."},
    {"hint.step7.pending-insufficient.not-insufficient",
     "trainer3의 메시지에 Insufficient {resource:이/가} 없습니다. trainer2처럼 GPU 1장을 요청하는지, {node} 노드의 "
     "GPU 두 개가 모두 쓰이고 있는지 확인하세요."},
    {"hint.step7.pending-insufficient.scheduled",
     "trainer3이 노드에 배정되었습니다({bound}). GPU 자리가 아직 비어 있었다는 뜻입니다. trainer와 trainer2가 "
     "모두 {node} 노드에서 실행 중이어야 하고, {node} 노드는 정확히 2를 광고해야 합니다."},
    {"hint.step7.pending-insufficient.taint",
     "trainer3의 메시지가 테인트를 이유로 듭니다. trainer3이 테인트를 견디지 못하기 때문입니다. trainer2의 "
     "톨러레이션을 붙여서 남는 이유가 자원뿐이게 하세요."},
    {"hint.step7.same-as-trainer2.differs",
     "{where}에서 {other:과/와} 다른 항목: {fields}. {other_file} 파일을 복사해 이름만 바꾸세요.{part_recreate}"},
    {"hint.step7.same-as-trainer2.no-trainer2-manifest",
     "trainer3은 {other_file} 파일과 비교하는데, 그 파일이 없거나 올바르지 않습니다. 먼저 6단계를 고치세요."},
    {"hint.step7.same-as-trainer2.trainer2-changed",
     "실행 중인 {other:은/는} {other_file} 파일과 다릅니다: 파일을 적용한 뒤 {fields:이/가} 바뀌었고(kubectl patch "
     "또는 kubectl edit), {pod:은/는} 파일대로입니다. {other_file} 파일로 {other:을/를} 다시 만들거나, 바꾼 내용을 두 "
     "파일에 "
     "모두 적고 두 파드를 다시 만드세요."},
    {"hint.step7.same-as-trainer2.tolerations",
     "{where}: 톨러레이션이 {other:과/와} 다릅니다. trainer2의 톨러레이션을 복사하세요. 톨러레이션이 없으면 대기 "
     "이유가 자원이 아니라 다시 테인트가 됩니다.{part_recreate_tolerations}"},
    {"hint.step8.allocatable.differs",
     "ALLOCATABLE은 {value}인데 {node} 노드의 status.allocatable에 있는 {resource:은/는} {live}입니다. 클러스터에서 "
     "읽으세요: kubectl get node {node} -o jsonpath='{.status.allocatable.nvidia\\.com/gpu}'"},
    {"hint.step8.format.duplicates", "두 번 이상 적힌 키: {duplicates}. 키마다 한 번만 적으세요."},
    {"hint.step8.format.line-count",
     "{file} 파일은 비어 있지 않은 줄이 정확히 일곱 개여야 합니다. 키 하나에 한 줄입니다."},
    {"hint.step8.format.malformed",
     "다음 줄은 KEY=VALUE나 KEY: VALUE 형태가 아닙니다: {lines}. 한 줄에 키 하나와 그 값만 적으세요."},
    {"hint.step8.format.missing-keys", "빠진 키: {missing}. 일곱 개를 모두 적으세요: {keys}."},
    {"hint.step8.format.unknown-keys", "알 수 없는 키: {unknown}. 일곱 키는 {keys}입니다."},
    {"hint.step8.fractional.affirmative",
     "\"{value}\": 소수가 허용된다는 답이지만, 3단계에서 apiserver가 {resource} 0.5를 거절하는 것을 보았습니다. "
     "확장 자원은 정수입니다."},
    {"hint.step8.fractional.unknown",
     "\"{value}\": 인정되는 답이 아닙니다. 불가, 거절, 금지(no, rejected, forbidden) 같은 한 단어로 적으세요."},
    {"hint.step8.key-conflict", "{file} 파일에 {key} 키가 서로 다른 값으로 두 번 이상 나옵니다. 한 줄만 남기세요."},
    {"hint.step8.key-missing",
     "{file} 파일에 {key} 줄이 없습니다(또는 파일을 읽을 수 없습니다). {key}=VALUE 줄을 추가하세요."},
    {"hint.step8.several-counts",
     "{key}={value} 에는 개수가 둘 이상 있거나 확실하지 않게 적혀 있습니다. 지금 클러스터가 보여 주는 숫자 하나만 "
     "적으세요."},
    {"hint.step8.not-a-number", "{key} 값은 클러스터에서 센 정수여야 합니다. 적힌 값: \"{value}\"."},
    {"hint.step8.ambiguous",
     "{key}={value}에는 답이 두 개 함께 있거나(예와 아니오, 또는 숫자와 장치) 답이 없습니다. 답을 하나만 쓰세요."},
    {"hint.step2.advertised-file.saved-before-patch",
     "{file}의 모든 행이 <none> 인데 {node:은/는} 지금 {resource} {live}개를 광고합니다. 2단계 패치 전에 파일을 "
     "저장했거나, 셸이 nvidia\\.com/gpu의 백슬래시를 지웠습니다. -o 인자를 작은따옴표로 감싸 지금 명령을 다시 "
     "실행하고 그 출력을 저장하세요."},
    {"hint.taint.wrong-key",
     "{node}의 테인트 {found:은/는} 실습의 테인트가 아닙니다. 지우고(kubectl taint node {node} {remove}) "
     "{taint:을/를} 추가하세요."},
    {"hint.taint.changed",
     "{node}의 같은 키 테인트는 실습의 {taint:이/가} 아니라 {found}입니다. {pod:은/는} 실습의 테인트를 용인하지만, "
     "테인트가 바뀌어서 스케줄러가 {node}에 두지 않습니다. 테인트를 고치세요(5단계): kubectl taint node {node} "
     "{remove} && kubectl taint node {node} {taint}"},
    {"hint.taint.foreign-beside",
     "{node}에는 실습의 테인트 {taint:과/와} 함께 실습의 것이 아닌 {found}도 있습니다. 실습의 파드는 {taint}만 "
     "용인하므로 스케줄러가 그 파드들을 {node}에 두지 않습니다. 지우세요: kubectl taint node {node} {remove}"},
    {"value.placed.bound-by-hand", "스케줄러 없이 노드에 바인딩됨"},
    {"hint.placed.other-scheduler",
     "{pod:은/는} 스케줄러로 {scheduler:을/를} 지정해서(spec.schedulerName) default-scheduler가 배치하지 않았습니다. "
     "손으로 바인딩된 것입니다. {file}에서 schedulerName을 지우고 파드를 지운 뒤 다시 만들어 스케줄러가 {node:을/를} "
     "고르게 하세요.{part_taint}{part_order}"},
    {"hint.placed.other-scheduler-live",
     "{pod:은/는} 스케줄러로 {scheduler:을/를} 지정해서(spec.schedulerName) default-scheduler가 배치하지 않았습니다. "
     "손으로 바인딩된 것입니다. {file}에는 다른 스케줄러가 없으니 실행 중인 파드는 그 파일로 만든 것이 아닙니다. "
     "파드를 "
     "지우고 {file}로 다시 만들어 스케줄러가 {node:을/를} 고르게 하세요.{part_taint}{part_order}"},
    {"hint.placed.no-scheduled-event",
     "{pod}에는 이벤트가 있지만 default-scheduler가 배치했다는 Scheduled 이벤트가 없습니다. 손으로(Binding) "
     "바인딩된 것입니다. 파드를 지우고 {file:으로/로} 다시 만들어 스케줄러가 {node:을/를} 고르게 "
     "하세요.{part_taint}{part_order}"},
    {"value.step7.no-allocatable", "{node}에 할당 가능한 {resource:이/가} 없음"},
    {"hint.step7.premise-allocatable-zero",
     "{pod:이/가} 대기 중이지만 슬롯이 다 차서가 아닙니다. {node}의 할당 가능한 {resource} 값이 {found}이므로 어떤 "
     "GPU 파드도 들어갈 수 없습니다. 2단계를 고치고(capacity처럼 allocatable도 2) {pod:을/를} 다시 보세요."},
    {"hint.step7.premise-allocatable",
     "{pod:이/가} 대기 중이지만 슬롯이 다 차서가 아닙니다. {node}에 status.allocatable {resource:이/가} 없어서 어떤 "
     "GPU "
     "파드도 들어갈 수 없습니다. 2단계를 고치고(capacity와 함께 allocatable도 패치) {pod:을/를} 다시 보세요."},
    {"value.step7.slots-free", "GPU {allocatable}개 중 {used}개 사용 중"},
    {"value.step7.allocatable-amount", "{node}의 할당 가능한 {resource} 값이 {want:이/가} 아니라 {allocatable}"},
    {"hint.step7.premise-allocatable-amount",
     "7단계는 {node:이/가} GPU {want}개를 제공하고 {trainer:과/와} {trainer2:이/가} 그 둘을 모두 쓰고 있어야 "
     "합니다. 그런데 할당 가능한 {resource} 값이 {allocatable}이므로 실습이 말하는 대로 슬롯이 다 찰 수 없습니다. "
     "2단계를 고치고(capacity처럼 allocatable도 {want}) {pod:을/를} 다시 보세요."},
    {"hint.step7.premise-slots",
     "7단계는 슬롯이 다 찬 상황입니다. {trainer:과/와} {trainer2:이/가} 모두 {node}에서 실행되며 GPU를 전부 쓰고 "
     "있어야 "
     "합니다(지금 {allocatable}개 중 {used}개 사용). {pod:을/를} 보기 전에 두 파드를 되살리세요(4, 6단계)."},
    {"hint.step7.shared-no-toleration",
     "{other:과/와} {pod} 모두 {taint} 톨러레이션이 없어서 스케줄러가 두 파드를 GPU 노드에 두지 않습니다. "
     "{other_file:과/와} {file} 모두에 추가하고(key {resource}, operator Equal, value present, effect NoSchedule) "
     "두 파드를 다시 만드세요."},
    {"hint.step7.shared-toleration",
     "{pod:은/는} {other:과/와} 같은 톨러레이션을 가졌고, 그 톨러레이션이 {taint:과/와} 맞지 않습니다. {other:을/를} "
     "베끼는 것이 "
     "아니라 공통 톨러레이션을 고쳐야 합니다. {other_file:과/와} {file} 모두에서 고치고(key {resource}, operator "
     "Equal, value present, effect NoSchedule) 두 파드를 다시 만드세요."},
    {"hint.step8.right-for-lab",
     "지금 클러스터의 {key}는 {live}이지만, {key}={value}는 실습이 의도한 값입니다. 이 줄은 그대로 두고 "
     "클러스터를 앞 단계가 남기는 상태로 되돌리세요."},
    {"hint.step8.pending.differs",
     "PENDING은 {value}인데 지금 {namespace} 네임스페이스에서 대기 중인 파드는 {live}개입니다. kubectl -n "
     "{namespace} get pods로 세어 보세요."},
    {"hint.step8.requests-equal-limits.negative",
     "\"{value}\": 같지 않아도 된다는 답이지만, 3단계에서 apiserver가 {resource}의 requests가 limits와 다르면 "
     "거절하는 것을 보았습니다. 둘은 같아야 합니다."},
    {"hint.step8.requests-equal-limits.unknown",
     "\"{value}\": 인정되는 답이 아닙니다. 예, 네, 필수, 같음(yes, required, equal) 같은 한 단어로 적으세요."},
    {"hint.step8.scheduler-sees.devices",
     "\"{value}\": 스케줄러는 장치를 보지 않습니다. 노드 status의 숫자(allocatable)와 파드의 requests를 비교할 "
     "뿐입니다. 그래서 이 실습은 GPU 없이도 됩니다. 숫자라고 적으세요."},
    {"hint.step8.scheduler-sees.labels",
     "\"{value}\": 스케줄러는 노드 라벨에서 양을 읽지 않습니다(1단계의 라벨은 노드를 고를 뿐입니다). 노드 "
     "status의 숫자(allocatable)와 파드의 요청을 비교합니다. 숫자라고 쓰세요."},
    {"hint.step8.scheduler-sees.unknown",
     "\"{value}\": 인정되는 답이 아닙니다. 스케줄러가 보는 것은 장치일까요, 숫자일까요? 숫자(numbers) 같은 한 단어로 "
     "적으세요."},
    {"hint.step8.taint.case",
     "TAINT가 현재 테인트({live})와 대소문자만 다릅니다. 키, 값, 효과는 대소문자를 구분합니다."},
    {"hint.step8.taint.differs",
     "TAINT는 \"{value}\" 인데 {node} 노드의 테인트는 {live}입니다. 키=값:효과(key=value:Effect) 형태로 적으세요."},
    {"hint.step8.taint.no-live-taint",
     "{node} 노드에 {resource} 테인트가 없어서 TAINT가 일치할 수 없습니다. 테인트를 다시 걸고({taint}) 키=값:효과 "
     "형태로 적으세요."},
    {"hint.step8.used.differs",
     "USED는 {value}인데 지금 {node} 노드에 배정된 파드들이 요청한 {resource:은/는} {live}입니다. {node} 노드에서 "
     "실행 중인 파드들의 요청을 더하세요(대기 중인 파드는 노드가 없으므로 세지 않습니다)."},
    {"ui.actual", "실제값"},
    {"ui.col.id", "ID"},
    {"ui.col.points", "배점"},
    {"ui.col.step", "단계"},
    {"ui.col.title", "제목"},
    {"ui.evidence", "근거"},
    {"ui.expected", "기대값"},
    {"ui.hint", "힌트"},
    {"ui.incomplete",
     "채점 미완료: 검사 {errors}개를 평가하지 못했습니다(실습 작업이 아니라 환경 문제입니다). 환경을 고친 뒤 gpuwhy"
     "를 다시 실행하세요"},
    {"ui.points", "{points}점"},
    {"ui.report.actual", "실제값"},
    {"ui.report.evidence", "근거"},
    {"ui.report.expected", "기대값"},
    {"ui.report.failed-checks", "실패한 검사"},
    {"ui.report.grading-incomplete",
     "채점 미완료: 환경 때문에 검사 {errors}개를 평가하지 못했습니다(실습 작업의 문제가 아닙니다). 환경을 고친 뒤 "
     "gpuwhy를 다시 실행하세요."},
    {"ui.report.hint", "힌트"},
    {"ui.report.not-evaluated", "평가하지 않음: 환경 때문에 이 검사를 실행할 수 없었습니다."},
    {"ui.report.not-selected", "선택되지 않음"},
    {"ui.report.summary", "점수 {score}/{max_score}: 통과 {passed}, 실패 {failed}, 오류 {errors}, 건너뜀 {skipped}"},
    {"ui.report.summary.unscored", "점수 없음: 통과 {passed}, 실패 {failed}, 평가하지 못함 {errors}, 건너뜀 {skipped}"},
    {"ui.report.warning", "경고"},
    {"ui.score", "점수 {score}/{max_score}"},
    {"ui.step.1", "1단계 — 네임스페이스와 GPU 발견 라벨"},
    {"ui.step.2", "2단계 — 노드 status에 {resource} 광고"},
    {"ui.step.3", "3단계 — 확장 자원에 대한 apiserver의 두 규칙"},
    {"ui.step.4", "4단계 — 조건 없이 자원만으로 노드가 정해진다"},
    {"ui.step.5", "5단계 — 자원이 남아도 테인트가 막는다"},
    {"ui.step.6", "6단계 — 톨러레이션으로 두 관문을 함께 통과"},
    {"ui.step.7", "7단계 — 자리가 다 차면"},
    {"ui.step.8", "8단계 — 관문 보고서"},
    {"ui.summary", "통과 {passed}, 실패 {failed}"},
    {"ui.summary.errors", ", 오류 {errors}"},
    {"ui.summary.skipped", ", 건너뜀 {skipped}"},
    {"ui.report.root-ids", "근본 원인"},
    {"ui.report.follow-on", "이 때문에 실패한 검사"},
    {"ui.report.roots", "근본 원인: 이것부터 고치세요"},
    {"ui.report.root", "근본 원인 (위 참고)"},
    {"ui.report.root-cause", "근본 원인"},
    {"ui.summary.roots", " (근본 원인 {roots}개)"},
    {"ui.step.more-passed", "통과 {count}개 더 (-v로 모두 보기)"},
    {"ui.step.short", "{step}단계"},
    {"ui.root.follows-from", "원인"},
    {"ui.root.consequences", "이 때문에 검사 {count}개가 더 실패합니다 ({points}점):"},
    {"ui.fix-first", "먼저 고칠 것:"},
    {"ui.warning", "경고"},
    {"ev.node-amount-absent", "{node} status.{map}[{resource}]: 없음"},
    {"ev.pod", "파드 {pod}: {text}"},
    {"ev.pod-terminating", "파드 {pod}: {text} (종료 중)"},
    {"ev.live-message", "지금의 {pod}: {message}"},
    {"ev.event-scheduled", "이벤트 Scheduled: {message}"},
    {"ev.events-no-scheduled", "파드 {pod}의 이벤트: {reasons} ({scheduler}의 Scheduled 없음)"},
    {"ev.events-expired", "파드 {pod}의 이벤트가 만료되어 남아 있지 않음: PodScheduled 조건으로 판단"},
    {"ev.node-name-set-by", "파드 {pod}: spec.nodeName을 설정한 주체 {manager} (managedFields)"},
    {"ev.namespace-phase", "네임스페이스 {namespace}: status.phase={phase}"},
    {"ev.checked-nodes", "확인한 노드: {nodes}"},
    {"ev.more-nodes", "… 외 노드 {count}개"},
    {"ev.read-as", "읽은 형식: {format}"},
    {"ev.format.unknown", "알 수 없음"},
    {"ev.format.table", "표"},
    {"ev.format.json", "JSON"},
    {"ev.format.yaml", "YAML"},
    {"ev.format.describe", "kubectl describe 출력"},
    {"ev.format.bare-numbers", "숫자만"},
    {"ev.format.keyed-lines", "키: 값 줄"},
    {"ev.dry-run-not-sent", "{file}: dry-run 요청을 보내지 않음"},
    {"ev.dry-run-off", "{file}: --no-dry-run 옵션으로 보내지 않음"},
    {"ev.namespace-not-graded", "{file}: 채점하지 않는 네임스페이스 {namespace}"},
    {"ev.pod-exists", "파드 {pod}: 있음"},
    {"ev.pod-not-found", "파드 {pod}: 없음"},
    {"ev.rejected.mismatch", "{line} [requests·limits 불일치]"},
    {"ev.rejected.fraction", "{line} [소수]"},
    {"ev.rejected.both", "{line} [requests·limits 불일치] [소수]"},
    {"ev.taints-for", "{node}의 {key} 테인트: {taints}"},
    {"ev.none", "없음"},
    {"ev.other-taints", "{node}의 다른 테인트: {taints}"},
    {"ev.file-ok", "{file}: 이상 없음"},
    {"ev.tolerations", "파드 {pod}의 톨러레이션: {tolerations}"},
    {"ev.tolerations-file", "{file}의 톨러레이션: {tolerations}"},
    {"ev.file-field", "{file}의 {field}: {value}"},
    {"ev.pod-field", "파드 {pod}의 {field}: {value}"},
    {"ev.same-as", "{a}: {b:과/와} 같음"},
    {"ev.pod-same-as", "파드 {a}: 파드 {b:과/와} 같음"},
    {"ev.gpus-requested", "{node}에 요청된 {resource}: {used} / {allocatable}"},
    {"ev.pod-on-node", "{node}의 파드 {pod}: {text}"},
    {"ev.pending-in", "{namespace}에서 Pending: {pods}"},
    {"ev.answer", "{line} ({class})"},
    {"ev.answer.unknown", "알 수 없음"},
    {"ev.answer.affirmative", "긍정"},
    {"ev.answer.negative", "부정"},
    {"ev.answer.numbers", "숫자"},
    {"ev.answer.labels", "라벨"},
    {"ev.answer.devices", "장치"},
    {"ev.answer.negator", "부정어"},
    {"ev.answer.ambiguous", "모호함"},
    {"ev.answer.permissive", "허용"},
    {"ev.env-error", "{message} ({kind})"},
    {"ev.kind.usage", "사용법"},
    {"ev.kind.config", "설정"},
    {"ev.kind.transport", "연결"},
    {"ev.kind.tls", "TLS"},
    {"ev.kind.http", "HTTP"},
    {"ev.kind.parse", "구문"},
    {"ev.kind.io", "입출력"},
    {"ev.kind.skipped", "건너뜀"},
    {"ui.source.bundle", "번들 {path}"},
    {"ui.source.live", "클러스터 {url}"},
    {"input.no-such-file", "{path}: 파일이 없습니다"},
    {"input.permission-denied", "{path}: 읽을 권한이 없습니다"},
    {"input.unreadable", "{path}: 읽을 수 없습니다"},
    {"input.too-large", "{path}: 크기 제한({limit}바이트)을 넘습니다"},
    {"input.bundle-not-json", "번들 {path}: {line}행 {column}열에서 올바른 JSON이 아닙니다"},
    {"input.syntax", "{line}행 {column}열: 올바른 YAML이 아닙니다"},
    {"input.kubeconfig-syntax", "kubeconfig {path}: {line}행 {column}열에서 올바른 YAML이 아닙니다"},
    {"input.kubeconfig-missing", "kubeconfig {path}(--kubeconfig로 지정): 파일이 없습니다"},
    {"input.not-a-bundle", "번들 {path}: `gpuwhy snapshot`이 쓴 번들이 아닙니다(필드 \"{field}\")"},
    {"input.bundle-missing", "번들 {path}: 필드 {field:이/가} 없습니다"},
    {"input.bundle-field", "번들 {path}: 필드 {field}의 값이 올바르지 않습니다: {reason}"},
    {"input.bundle-row-lost", "번들 {path}: 채점한 결과를 다시 읽지 못했습니다: {reason}"},
    {"input.bundle-internal", "번들 {path}: 내부 오류로 채점이 중단되었습니다: {reason}"},
    {"input.bundle-version",
     "번들 {path}: 번들 버전 {version:은/는} 지원하지 않습니다(이 gpuwhy는 버전 {supported:을/를} 읽습니다)"},
    {"input.kubeconfig-no-context",
     "kubeconfig {path}: current-context가 없고 --context도 주지 않았습니다(있는 컨텍스트: {names})"},
    {"input.kubeconfig-context-not-found",
     "kubeconfig {path}: 컨텍스트 \"{context}\"를 찾지 못했습니다. 있는 컨텍스트: {names}"},
    {"input.no-kubeconfig",
     "kubeconfig를 찾지 못했습니다(찾아본 곳: {looked}). --kubeconfig를 주거나 KUBECONFIG를 설정하세요"},
    {"kube.list-budget-bytes",
     "{method} {url}: 읽은 목록들이 모두 합쳐 {limit} 바이트를 넘어 거부했습니다(GPUWHY_LIST_MAX_BYTES 로 한도를 "
     "정합니다)"},
    {"kube.list-budget-items",
     "{method} {url}: 읽은 목록들이 모두 합쳐 항목 {limit}개를 넘어 거부했습니다(GPUWHY_LIST_MAX_ITEMS 로 한도를 "
     "정합니다)"},
    {"env.refused", "{method} {url}: 연결이 거부되었습니다"},
    {"env.net-unreachable", "{method} {url}: 네트워크에 닿을 수 없습니다"},
    {"env.host-unreachable", "{method} {url}: 호스트에 닿을 수 없습니다"},
    {"env.timeout-connect", "{method} {url}: 시간 초과: {seconds} 안에 연결되지 않았습니다"},
    {"env.timeout-answer", "{method} {url}: 시간 초과: {seconds} 안에 응답이 끝나지 않았습니다(--request-timeout)"},
    {"cli.list-more", "{list}, {item}"},
    {"cli.list-or", "{list}, {item}"},
    {"cli.error.more-reads", "(실패한 읽기 {count}개가 더 있습니다. 보고서를 보세요)"},
    {"kc.not-string", "{where}: 필드 \"{key}\": 문자열이어야 합니다(지금: {value})"},
    {"kc.not-bool", "{where}: 필드 \"{key}\": true나 false여야 합니다(지금: {value})"},
    {"kc.not-list", "{where}: \"{key}\": 목록이어야 합니다"},
    {"kc.item-not-mapping", "{where}: {key}[{index}]: 매핑이어야 합니다"},
    {"kc.no-name", "{where}: {key}[{index}]: name이 없습니다"},
    {"kc.body-not-mapping", "{where}: {key} \"{name}\": \"{body}\"는 매핑이어야 합니다"},
    {"kc.many-docs", "{where}: YAML 문서가 {count}개 있습니다. kubeconfig는 문서 하나여야 합니다"},
    {"kc.not-mapping", "{where}: kubeconfig가 아닙니다(맨 위 단계가 매핑이어야 합니다)"},
    {"kc.bad-base64", "{where}: \"{key}\": 올바른 base64가 아닙니다"},
    {"kc.file-missing", "{where}: \"{key}\" {file}: 파일이 없습니다"},
    {"kc.in-cluster-token-empty", "클러스터 안 서비스 어카운트 토큰 {file}: 파일이 비어 있습니다"},
    {"kc.no-server", "{where}: \"server\" 설정이 없습니다"},
    {"kc.server-not-url", "{where}: \"server\" {server}: http(s) URL이 아닙니다"},
    {"kc.warn.insecure", "{where}: insecure-skip-tls-verify가 설정되어 있어 apiserver의 인증서를 검증하지 않습니다"},
    {"kc.warn.in-cluster-ca", "클러스터 내부 CA {path:이/가} 없어 시스템 신뢰 저장소로 apiserver를 검증합니다"},
    {"kc.insecure-and-ca",
     "{where}: \"insecure-skip-tls-verify\"와 인증 기관이 함께 설정되어 있습니다. 하나를 지우세요"},
    {"kc.token-file-empty", "{where}: \"tokenFile\" {file}: 파일이 비어 있습니다"},
    {"kc.exec", "{where}: \"exec\" 자격 증명 플러그인은 지원하지 않습니다. 클라이언트 인증서나 토큰을 쓰세요"},
    {"kc.auth-provider", "{where}: \"auth-provider\" 플러그인은 지원하지 않습니다. 클라이언트 인증서나 토큰을 쓰세요"},
    {"kc.half-cert", "{where}: \"{set}\"만 있고 \"{missing}\" 설정이 없습니다. 클라이언트 인증서에는 둘 다 필요합니다"},
    {"kc.two-auth", "{where}: 토큰과 username/password가 함께 설정되어 있습니다. 인증 방법은 하나만 쓸 수 있습니다"},
    {"kc.no-cluster", "{where}: 클러스터를 지정하지 않습니다"},
    {"kc.cluster-missing", "{where}: 클러스터 \"{name}\" 없음. 있는 클러스터: {names}"},
    {"kc.user-missing", "{where}: 사용자 \"{name}\" 없음. 있는 사용자: {names}"},
    {"kc.empty-path", "--kubeconfig에 빈 경로가 주어졌습니다"},
    {"kc.context-no-file",
     "컨텍스트 \"{context}\"(--context로 지정) 없음: kubeconfig 파일이 없습니다(찾아본 곳: {looked})"},
    {"kc.none-defined", "정의된 것 없음"},
    {"input.not-a-file", "{path}: 일반 파일이 아니라 {kind}입니다"},
    {"input.kind.folder", "폴더"},
    {"input.kind.fifo", "이름 있는 파이프"},
    {"input.kind.socket", "소켓"},
    {"input.kind.device", "장치"},
    {"input.kind.other", "특수 파일"},
    {"value.absent", "없음"},
    {"value.file.empty", "{file} 파일이 비어 있음"},
    {"value.file.hard-link", "{file} 파일이 하드 링크라서 읽지 않음"},
    {"value.file.missing", "{file} 파일이 없음"},
    {"value.file.not-regular", "{file} 경로가 일반 파일이 아님"},
    {"value.file.not-text", "{file} 파일이 텍스트가 아님({reason})"},
    {"value.file.too-large", "{file} 파일이 1 MiB보다 큼"},
    {"value.file.unreadable", "{file} 파일을 읽을 수 없음({reason})"},
    {"value.gpu-one.expected", "{pod} 파드: {resource} requests = limits = {amount}"},
    {"value.manifest.kinds", "{file} 파일의 내용: {kinds}"},
    {"value.manifest.not-yaml", "{file} 파일이 올바른 YAML이 아님"},
    {"value.node-not-found", "{node} 노드를 찾을 수 없음"},
    {"value.none", "없음"},
    {"value.not-bound", "어느 노드에도 배정되지 않음"},
    {"value.not-found", "찾을 수 없음"},
    {"value.pending.bound", "{bound} 노드에 배정됨"},
    {"value.pending.insufficient", "{pod} 파드: 노드 없음, Pending, Insufficient {resource:으로/로} Unschedulable"},
    {"value.pending.taint", "{pod} 파드: 노드 없음, Pending, 테인트 때문에 Unschedulable"},
    {"value.placed.expected", "스케줄러가 {pod} 파드를 {node} 노드에 배정"},
    {"value.placed.node-name-by-client", "{pod} 파드를 만들 때 spec.nodeName이 지정됨"},
    {"value.placed.not-scheduled-condition", "PodScheduled가 True가 아님"},
    {"value.pod-not-found", "{namespace} 네임스페이스에 {pod} 파드가 없음"},
    {"value.scheduler-file.insufficient",
     "{file} 파일에 {pod} 파드와 일치하는, Insufficient {resource:이/가} 담긴 스케줄러 메시지"},
    {"value.scheduler-file.none", "스케줄러 메시지 없음"},
    {"value.scheduler-file.taint", "{file} 파일에 {pod} 파드와 일치하는, 테인트를 이유로 드는 스케줄러 메시지"},
    {"value.step1.gpu-labels.actual", "빠짐: {missing}; 틀림: {wrong}"},
    {"value.step1.gpu-labels.expected", "{node} 노드에 라벨 {labels}"},
    {"value.step1.namespace.expected", "{namespace} 네임스페이스, phase Active"},
    {"value.step1.other-nodes-clean.clean", "없음({nodes})"},
    {"value.step1.other-nodes-clean.expected", "{node} 노드 이외의 어느 노드에도 nvidia.com/gpu.* 라벨 없음"},
    {"value.step2.advertised-file.all-none", "모든 노드가 <none> 이거나 비어 있음"},
    {"value.step2.advertised-file.bare-numbers", "노드 이름 없이 숫자만 있음: {numbers}"},
    {"value.step2.advertised-file.expected",
     "{file} 파일에 모든 노드가 나오고, {node} 노드는 {amount}, 나머지는 <none>, 빈 값 또는 0"},
    {"value.step2.advertised-file.unreadable", "{file} 파일을 해석할 수 없음: {reason}"},
    {"value.step2.allocatable.expected", "{node} status.allocatable[{resource}] = {amount}"},
    {"value.step2.capacity.expected", "{node} status.capacity[{resource}] = {amount}"},
    {"value.step2.other-nodes.expected", "{node} 노드 이외의 모든 노드에서 {resource:이/가} 없거나 0"},
    {"value.step2.other-nodes.none", "다른 노드는 광고하지 않음"},
    {"value.step3.apiserver-rejects.expected",
     "{mismatch_file}: \"must be equal to {resource} limit\" 문구로 거절, {fraction_file}: \"must be an "
     "integer\" 문구로 거절(422 Invalid)"},
    {"value.step3.fraction-manifest.expected", "{file} 파일에 정수가 아닌 {resource} 양을 요청하는 Pod"},
    {"value.step3.mismatch-manifest.expected", "{file} 파일에 {resource}의 requests와 limits가 서로 다른 정수인 Pod"},
    {"value.step3.not-created.expected", "{namespace} 네임스페이스에 파드 {pods} 없음"},
    {"value.step3.not-created.no-names", "알려진 파드 이름 없음(매니페스트 없음)"},
    {"value.step3.not-created.none", "하나도 없음"},
    {"value.step3.rejected-file.both", "거절 {count}개, 두 규칙 모두 있음"},
    {"value.step3.rejected-file.expected",
     "{file} 파일에 두 거절 모두: \"must be equal to {resource} limit\", \"must be an integer\""},
    {"value.step3.rejected-file.fraction-only", "거절 {count}개, 정수 규칙만 있음"},
    {"value.step3.rejected-file.mismatch-only", "거절 {count}개, requests == limits 규칙만 있음"},
    {"value.step3.rejected-file.neither", "거절 {count}개, 어느 규칙도 없음"},
    {"value.step4.manifest.expected",
     "{file} 파일의 Pod {pod}: limits에만 {resource}: {amount}, nodeSelector·nodeName·affinity 없음"},
    {"value.step5.cpu-only-spec.expected",
     "{file} 파일과 {pod} 파드: {resource} 없음, nodeSelector {selector}, {taint}에 대한 톨러레이션 없음"},
    {"value.step5.taint.expected", "{node} 노드에 {taint} 테인트, 다른 노드에는 {key} 테인트 없음"},
    {"value.step5.trainer-not-evicted.expected", "{pod} 파드가 여전히 {node} 노드에 배정되어 실행 중"},
    {"value.step6.gate-kept.expected", "{taint} 테인트가 {node} 노드에 그대로 있고, {pod} 파드는 여전히 Pending"},
    {"value.step6.gate-kept.kept", "테인트 유지, {pod} 파드 Pending"},
    {"value.step6.gate-kept.no-taint", "테인트가 사라짐"},
    {"value.step6.toleration.expected",
     "{pod} 파드가 {taint} 테인트를 견딤(key {key}, Equal {value} 또는 Exists, effect {effect} 또는 비움)"},
    {"value.step7.same-as-trainer2.expected",
     "{file} 파일과 {pod} 파드가 이름만 빼고 {other_file} 파일, {other} 파드와 같음"},
    {"value.step7.same-as-trainer2.same", "{other} 파드와 같음"},
    {"value.step8.conflicting", "{key} 키가 서로 다른 값으로 두 번 적힘"},
    {"value.step8.count-from-cluster", "{key}=클러스터에서 센 숫자"},
    {"value.step8.format.actual", "비어 있지 않은 줄 {lines}개, 알려진 키 {keys}개"},
    {"value.step8.format.expected", "KEY=VALUE(또는 KEY: VALUE) 일곱 줄, {keys} 각각 한 번씩"},
    {"value.step8.fractional.expected", "FRACTIONAL=부정을 뜻하는 한 단어(불가, 거절, 금지, no ...)"},
    {"value.step8.key-missing", "{file} 파일에 {key} 없음"},
    {"value.step8.live-count", "{key}={live} (지금 클러스터에서 센 값)"},
    {"value.step8.requests-equal-limits.expected",
     "REQUESTS_EQUAL_LIMITS=긍정을 뜻하는 한 단어(예, 필수, 같음, yes ...)"},
    {"value.step8.scheduler-sees.expected", "SCHEDULER_SEES=숫자(numbers)"},
    {"value.step8.taint.expected", "TAINT={node} 노드의 {resource} 테인트를 키=값:효과 형태로"},
    {"value.step8.taint.no-live", "{node} 노드에 {resource} 테인트 없음"},
    {"value.step3.apiserver-rejects.dry-run-off", "검사하지 않음: --no-dry-run으로 드라이 런을 껐습니다 ({files})"},
    {"cli.opt.timeout",
     "라이브 수집 한 번에 걸릴 수 있는 전체 시간, 재시도와 Retry-After 대기 포함(예: 60s; 0 = 제한 없음)"},
    // items and rules named in environment hints; flag combinations; told-once causes; batch table
    {"item.nodes", "노드 목록"},
    {"item.pods", "{namespace} 네임스페이스의 파드 목록"},
    {"item.node-pods", "{node} 노드에 있는 모든 네임스페이스의 파드 목록"},
    {"item.namespace", "{namespace} 네임스페이스"},
    {"item.dry-run", "{file}의 서버 측 dry-run 생성"},
    {"rbac.nodes", "nodes에 대한 get, list(클러스터 전체)"},
    {"rbac.pods", "{namespace} 네임스페이스의 pods에 대한 get, list"},
    {"rbac.node-pods", "pods에 대한 list(클러스터 전체)"},
    {"rbac.namespace", "namespaces에 대한 get"},
    {"rbac.dry-run", "{namespace} 네임스페이스의 pods에 대한 create"},
    {"cli.error.live-only",
     "{flag:은/는} 라이브 검사에만 쓰입니다. --snapshot 번들에는 이미 수집한 내용이 들어 있습니다"},
    {"cli.error.bad-jobs", "--jobs \"{value}\": 1부터 {max}까지의 정수가 아닙니다"},
    {"cli.error.bundle-only", "{flag:은/는} 번들(--snapshot) 채점에만 쓰입니다. 라이브 검사에는 쓸 수 없습니다"},
    {"cli.error.batch-format",
     "--format {format}: 번들이 여러 개이면 일괄 요약을 만듭니다. --format {formats} 중 하나를 쓰세요"},
    {"cli.error.batch-user",
     "--user는 제출물 하나를 가리킵니다. 일괄 채점에서는 각 행의 이름을 번들의 `student` 필드에서, 없으면 번들 파일 "
     "이름에서 가져옵니다"},
    {"cli.error.format-needs-user", "--format {format}에는 --user(점수를 받을 LMS 사용자 ID)가 필요합니다"},
    {"cli.error.output-not-regular",
     "--output {output:은/는} {kind}입니다. 보고서는 일반 파일이나 표준 출력(-o -)에만 씁니다. 파일을 고르세요"},
    {"cli.error.output-is-pages-list",
     "--output {output:은/는} gpuwhy가 쓴 페이지 목록입니다. 그곳에 쓰면 gpuwhy가 자신이 쓴 페이지를 모두 거부하게 "
     "되니 다른 파일을 고르세요"},
    {"cli.error.bad-env-number", "{name}=\"{value}\": 1 이상의 정수가 아닙니다"},
    {"cli.error.empty-output", "--output에 빈 경로가 주어졌습니다(표준 출력은 - 로 지정하세요)"},
    {"cli.error.output-is-input",
     "--output {output:은/는} {what}입니다. 그곳에 쓰면 gpuwhy가 읽는 파일을 덮어쓰게 되니 다른 파일을 고르세요"},
    {"cli.opt.roster",
     "일괄 채점: 수강생 명단(한 줄에 ID 하나, 또는 id 열이 있는 CSV). 반 페이지에 아직 제출하지 않은 학생이 나옵니다"},
    {"cli.opt.due",
     "일괄 채점: 마감 시각(`RFC 3339`, 예: 2026-12-07T09:00:00+09:00). 마감 뒤에 찍은 스냅샷은 반 페이지에 늦은 제출로 "
     "표시됩니다"},
    {"cli.opt.require-integrity",
     "의심스러운 번들(발견 사항이 있거나 배치의 다른 제출물과 같은 클러스터)을 거부합니다. 종료 코드 3, 발견 사항은 "
     "stderr에 출력하며 보고서의 점수는 그대로입니다"},
    {"cli.error.integrity", "{source}: --require-integrity로 거부됨: {line}"},
    {"cli.opt.pages", "일괄 채점: 학생마다 자기 보고서 페이지를 이 폴더에 쓰고, 반 페이지에서 그 페이지로 연결합니다"},
    {"cli.error.batch-only", "{flag:은/는} 일괄 채점(--snapshot 번들 여러 개 또는 번들 폴더)에만 쓰입니다"},
    {"cli.error.bad-due",
     "--due \"{value}\": `RFC 3339` 시각이 아닙니다(예: 2026-12-07T09:00:00+09:00, 2026-12-07T00:00:00Z)"},
    {"cli.error.pages-not-folder", "--pages {path}: 폴더가 아닙니다"},
    {"input.not-a-duration", "{flag} \"{value}\": 시간 길이가 아닙니다 (예: 30s, 2m, 500ms)"},
    {"input.no-bundles", "{path}: 채점할 *.json 번들이 폴더에 없습니다"},
    {"cli.error.dir-missing", "--dir {dir}: 그런 폴더가 없습니다"},
    {"cli.error.dir-not-folder", "--dir {dir}: 폴더가 아닙니다"},
    {"cli.error.dir-not-lab", "--dir {dir}: 실습 폴더가 아닙니다 (\"k8s/\"도 \"out/\"도 없습니다)"},
    {"cli.error.dir-inside-lab",
     "{dir:은/는} 실습 폴더 {lab} 안입니다: 그 폴더에서 실행하거나 --dir {lab:을/를} 주세요"},
    {"cli.error.no-lab-dir",
     "실습 폴더가 없습니다: {here}에는 \"k8s/\"도 \"out/\"도 없고, {dir}도 실습 폴더가 아닙니다. --dir 으로 실습 "
     "폴더를 지정하세요"},
    {"output.pages-mkdir", "--pages {path}: 폴더를 만들 수 없습니다: {reason}"},
    {"output.pages-list",
     "--pages: gpuwhy가 쓴 페이지 목록 {file:을/를} 사용할 수 없습니다({reason}). 그 폴더에 있는 페이지는 하나도 "
     "바꾸지 않습니다"},
    {"output.pages-write", "--pages: 페이지를 쓰지 못했습니다: {reason}"},
    {"output.page-not-ours",
     "--pages: {file:은/는} 이미 있고 gpuwhy가 쓴 파일이 아닙니다. 그대로 두고, {user} 학생의 페이지는 만들지 "
     "않습니다"},
    {"cli.error.roster-unreadable", "--roster: 명단을 읽을 수 없습니다: {reason}"},
    {"cli.error.roster-empty", "--roster {path}: 학생 ID가 하나도 없습니다"},
    {"cli.error.roster-no-id",
     "--roster {path}: CSV 머리글에 ID 열(`id`, `student`, `student_id`, `login`, `user`)이 없습니다"},
    {"cli.error.roster-not-text", "--roster {path}: 텍스트 파일이 아닙니다(한 줄에 ID 하나, 또는 id 열이 있는 CSV)"},
    {"cli.input.roster", "명단 {file}"},
    {"cli.input.bundle", "채점하는 번들 {file}"},
    {"cli.input.kubeconfig", "kubeconfig를 해석할 때 읽는 파일 {file}"},
    {"cli.input.lab-file", "실습 폴더의 파일 {file}"},
    {"ui.env.heading", "실습 작업의 문제가 아닙니다: 환경의 한 가지 원인 때문에 검사 {count}개를 채점하지 못했습니다:"},
    {"ui.env.cause", "원인"},
    {"ui.env.fix", "해결"},
    {"ui.env.more", "(같은 종류 {count}개 더)"},
    {"ui.env.see-above", "오류(위 참고)"},
    {"ui.env.fix.unavailable",
     "컨트롤 플레인이 실행 중이고 kubeconfig가 그것을 가리키는지 확인하세요(kubectl get nodes가 응답해야 합니다). "
     "그런 "
     "다음 gpuwhy check를 다시 실행하세요."},
    {"ui.env.fix.unauthorized",
     "apiserver가 gpuwhy의 자격 증명을 받아들이지 않았습니다(401). kubeconfig의 사용자와 인증서를 확인하세요. "
     "그다음 "
     "계정에 필요한 권한: {rules}."},
    {"ui.env.fix.kubeconfig",
     "--kubeconfig로 준 경로와 파일을 확인하세요(kubectl --kubeconfig 경로 get nodes가 답해야 합니다)."},
    {"ui.env.fix.input", "--snapshot으로 준 경로와, 그 파일이 gpuwhy snapshot이 쓴 번들인지 확인하세요."},
    {"ui.env.fix.forbidden", "gpuwhy가 쓰는 계정에 다음 RBAC 권한이 필요합니다: {rules}."},
    {"ui.env.fix.not-collected",
     "이번 실행에서는 수집하지 않았습니다(예: 파일만 읽는 실행). 라이브 클러스터를 대상으로 다시 채점하세요."},
    {"ui.batch.user", "제출물"},
    {"ui.batch.score", "점수"},
    {"ui.batch.counts", "통과/실패/오류"},
    {"ui.batch.not-graded", "채점하지 못함: {error}"},
    {"ui.batch.incomplete", "미완료, 점수 없음"},
    {"ui.batch.summary", "제출물 {count}개: 채점 {scored}개, 미완료 {incomplete}개(점수 없음)"},
    {"cli.opt.github-output",
     "github-classroom 결과를 base64로 인코딩해 result=... 로 $GITHUB_OUTPUT 파일 끝에 덧붙입니다"},
    {"cli.error.github-output-format", "--github-output은 --format github-classroom과 함께 씁니다"},
    {"cli.error.github-output-unset",
     "--github-output: GITHUB_OUTPUT이 설정되어 있지 않습니다(GitHub Actions가 모든 단계에서 설정합니다)"},
    {"output.github-output-write", "--github-output: {path}에 덧붙일 수 없습니다: {reason}"},
    {"ui.report.title", "gpuwhy 채점 결과"},
    {"ui.report.meta", "gpuwhy {version}, Kubernetes {server}, 채점 시각 {generated_at}, 출처 {source}"},
    {"ui.report.status.pass", "통과"},
    {"ui.report.status.fail", "실패"},
    {"ui.report.status.error", "오류"},
    {"ui.report.status.skip", "건너뜀"},
    {"ui.report.col.status", "상태"},
    {"ui.report.col.check", "검사"},
    {"ui.report.col.points", "점수"},
    {"ui.report.col.details", "세부 내용"},
    {"ui.class.title", "반 전체 채점 요약"},
    {"ui.class.mean", "채점된 실행의 평균 점수: {mean} %"},
    {"ui.class.stats", "중앙값 {median} %, 최저 {min} %, 최고 {max} %; 만점 {perfect}명"},
    {"ui.class.histogram", "점수 분포"},
    {"ui.class.histogram.aria",
     "채점된 실행 {scored}개의 점수를 {bins}개 구간으로 나눈 히스토그램. 표에 같은 수가 있습니다"},
    {"ui.class.bin", "점수 구간"},
    {"ui.class.students", "학생 수"},
    {"ui.class.steps", "단계별 통과율 (낮은 순)"},
    {"ui.class.checks", "검사별 통과율 (낮은 순)"},
    {"ui.class.step", "단계"},
    {"ui.class.passed", "통과"},
    {"ui.class.graded", "채점"},
    {"ui.class.rate", "통과율"},
    {"ui.class.mistake.count", "학생 {count}명"},
    {"ui.class.explain", "이 검사가 보는 것 (gpuwhy explain {check})"},
    {"ui.class.incomplete", "미완료 실행 (점수 없음)"},
    {"ui.class.incomplete.errors", "검사 {errors}개를 평가할 수 없었습니다(학생의 작업이 아니라 환경 때문)"},
    {"ui.class.none", "없음"},
    {"ui.class.versions", "확인된 Kubernetes 버전"},
    {"ui.class.unknown-version", "알 수 없음"},
    {"ui.class.table", "학생별·단계별 점수"},
    {"ui.class.filter", "다음 검사에 실패한 학생만 보기"},
    {"ui.class.filter.all", "(모든 학생)"},
    {"ui.class.col.kubernetes", "Kubernetes 버전"},
    {"ui.class.col.reason", "이유"},
    {"ui.class.sort-hint", "열 제목을 누르면 그 열로 정렬합니다."},
    {"ui.integrity.label", "무결성"},
    {"ui.integrity.suspect",
     "무결성: 이 번들은 의심스럽습니다(발견 {count}건). 점수는 바뀌지 않으니 사람이 확인해야 합니다."},
    {"ui.integrity.and-more", "외 {count}명"},
    {"ui.integrity.same-cluster", "{others}와 같은 클러스터에서 수집됨"},
    {"ui.integrity.same-bundle", "{others}와 똑같은 번들"},
    {"ui.class.suspect", "의심"},
    {"ui.class.numbers.suspect", "의심 {suspect}명"},
    {"ui.class.reteach", "다시 가르칠 내용"},
    {"ui.class.reteach.intro",
     "근본 원인이 속한 개념별로, 해당 학생 수가 많은 순서입니다. 그 원인 때문에 다른 검사가 함께 실패해도 학생은 "
     "개념마다 한 번만 셉니다."},
    {"ui.class.concept.roots", "근본 원인"},
    {"ui.class.roots", "근본 원인 (학생 수가 많은 순)"},
    {"ui.class.more-roots", "그 밖의 근본 원인 {count}개"},
    {"ui.class.no-roots", "채점된 실행에서 실패한 검사가 없습니다."},
    {"ui.class.grid.intro",
     "각 칸은 단계별 점수이고, ● 표시와 테두리가 있는 칸에 근본 원인이 있습니다. 학생 이름을 누르면 그 학생의 보고서가 "
     "열립니다."},
    {"ui.class.col.roots", "근본 원인"},
    {"ui.class.col.taken", "수집 시각"},
    {"ui.class.root-mark", "이 단계에 근본 원인이 있습니다"},
    {"ui.class.late", "지각"},
    {"ui.class.not-on-roster", "명단에 없음"},
    {"ui.class.missing.title", "명단에 있으나 제출하지 않은 학생 ({count}명)"},
    {"ui.class.not-on-roster.title", "제출했으나 명단에 없는 학생 ({count}명)"},
    {"ui.class.due", "마감 {due}: 이보다 늦게 수집된 실행은 지각으로 표시합니다."},
    {"ui.class.numbers.roster", "미제출 {missing}명, 명단에 없음 {unknown}명"},
    {"ui.class.help", "도움이 필요한 학생"},
    {"ui.class.help.intro",
     "근본 원인이 많은 순, 그다음 점수가 낮은 순입니다. 이름을 누르면 그 학생의 보고서가 열립니다."},
    {"ui.class.help.roots", "근본 원인 {count}개: {ids}"},
    {"ui.class.help.no-root", "근본 원인 없음"},
    {"ui.class.help.more", "학생 {count}명 더 보기"},
    {"ui.class.help.none", "채점된 학생 모두 만점입니다."},
    {"ui.class.help.unscored", "채점되지 않음"},
    {"ui.class.incomplete.badge", "미완료"},
    {"ui.class.missing.badge", "미제출"},
    {"ui.class.near-miss", "{user:으로/로} 제출했나요?"},
    {"ui.class.more-concepts", "개념 {count}개 더 보기"},
    {"ui.report.student-id", "학번 {user}"},
    {"ui.report.title.user", "{user} · gpuwhy 채점 결과"},
    {"ui.report.title.named", "{name} ({user}) · gpuwhy 채점 결과"},
    {"ui.class.numbers.late", "지각 {late}명"},
    {"concept.labels.title", "GPU 노드 레이블과 실습 네임스페이스"},
    {"concept.labels.teach",
     "노드 레이블을 붙이고 확인하는 방법(kubectl label, --show-labels, -L)과, 정확히 한 노드에만 붙이는 것."},
    {"concept.extended-resources.title", "GPU 광고하기: capacity와 allocatable"},
    {"concept.extended-resources.teach",
     "확장 자원는 노드 status에 있습니다. status 하위 리소스로 capacity와 allocatable을 모두 패치해야 하며, "
     "스케줄러는 allocatable을 봅니다."},
    {"concept.apiserver-rules.title", "GPU 요청에 대한 apiserver의 두 규칙"},
    {"concept.apiserver-rules.teach",
     "확장 자원는 정수만 허용되고 requests는 limits와 같아야 합니다(limits만 쓰면 requests가 됩니다). 나머지는 "
     "스케줄링 전에 apiserver가 거부합니다."},
    {"concept.gpu-pods.title", "GPU를 요청하는 파드 작성하기"},
    {"concept.gpu-pods.teach",
     "파드 스펙에서 resources.limits/requests의 위치, 그리고 요청 내용을 바꾸지 않고 이름만 바꿔 파드를 복사하는 "
     "방법."},
    {"concept.taints.title", "테인트: 노드에서 파드를 막기"},
    {"concept.taints.teach",
     "테인트는 노드의 key=value:effect입니다. NoSchedule은 새 파드를 막고 이미 실행 중인 파드는 그대로 둡니다."},
    {"concept.tolerations.title", "톨러레이션: 테인트된 노드에 파드 허용하기"},
    {"concept.tolerations.teach",
     "톨러레이션은 테인트의 key, value(또는 Exists), effect와 맞아야 합니다. 노드를 허용할 뿐 노드를 고르지는 "
     "않습니다."},
    {"concept.scheduling.title", "스케줄러가 파드를 배치하는 방식"},
    {"concept.scheduling.teach",
     "스케줄러는 자리가 있고 허용되지 않은 테인트가 없는 노드에만 파드를 바인딩합니다. nodeName을 직접 쓰면 스케줄러를 "
     "건너뜁니다."},
    {"concept.scheduler-messages.title", "스케줄러가 말하는 이유 읽기"},
    {"concept.scheduler-messages.teach",
     "Pending 파드의 \"FailedScheduling\" 이벤트를 읽습니다. 'untolerated taint'와 'Insufficient nvidia.com/gpu'는 "
     "원인도 "
     "해결책도 다릅니다."},
    {"concept.saving-output.title", "명령이 보여 준 내용 저장하기"},
    {"concept.saving-output.teach",
     "손으로 요약하지 말고 명령의 실제 출력을 파일에 저장합니다(kubectl ... > out/file.txt, apiserver의 오류는 2>&1)."},
    {"concept.counting.title", "클러스터에서 GPU 세기"},
    {"concept.counting.teach",
     "allocatable, 사용량, Pending 수는 그 시점의 클러스터에서 구합니다. 노드에 있는 파드의 요청을 더하고 Pending "
     "파드를 셉니다."},
    {"concept.other.title", "그 밖의 검사"},
    {"concept.other.teach", "실습의 어느 개념에도 속하지 않는 검사의 근본 원인입니다."},
    {"item.live-pod", "파드 {pod}"},
    {"reason.advertised.json-nodes", "수량과 짝지어진 노드 이름이 없음"},
    {"reason.advertised.apart",
     "노드 이름과 그보다 적은 수량이 따로 출력됨: jsonpath는 리소스가 없는 노드에 아무것도 출력하지 않으므로 "
     "어느 수량이 어느 노드의 것인지 알 수 없음. `{range .items[*]}...{end}`로 노드마다 함께 출력하세요"},
    {"reason.advertised.describe", "Name: 줄이 없는 describe 출력"},
    {"reason.advertised.no-rows", "행이 없음"},
    {"reason.advertised.no-gpu-column", "표에 GPU 열이 없음"},
    {"reason.advertised.label-column",
     "GPU 열이 노드 레이블(kubectl get nodes -L)임: 레이블은 1단계에서 붙인 것이고, 노드가 `status`에 알리는 "
     "수량이 아님"},
    {"reason.advertised.header-only", "헤더만 있고 행이 없음"},
    {"reason.advertised.empty", "파일이 비어 있음"},
    {"reason.advertised.bad-json", "JSON처럼 보이지만 해석되지 않음"},
    {"reason.advertised.yaml", "해석되지 않는 YAML: {detail}"},
    {"ui.env.fix.config",
     "쓸 수 있는 kubeconfig를 찾지 못했습니다. --kubeconfig FILE을 주거나 KUBECONFIG를 설정하거나 ~/.kube/config를 "
     "만드세요(kubectl config view로 kubectl이 쓰는 설정을 볼 수 있습니다). 그런 다음 gpuwhy check를 다시 "
     "실행하세요."},
    {"ui.env.fix.tls",
     "apiserver의 인증서를 검증하지 못했습니다. kubeconfig의 certificate-authority(-data) 와 서버 주소를 확인하세요"
     "(같은 kubeconfig로 kubectl get nodes가 응답해야 합니다)."},
    {"cli.completion", "bash, zsh, fish용 셸 자동 완성 스크립트를 출력합니다"},
    {"cli.opt.shell", "셸: bash, zsh 또는 fish"},
    {"cli.error.unknown-shell", "\"{shell}\": 이 셸의 자동 완성은 없습니다 (bash, zsh, fish)"},
    {"cli.man.name", "이름"},
    {"cli.man.synopsis", "사용법"},
    {"cli.man.options", "옵션"},
    {"cli.man.commands", "명령"},
    {"cli.man.exit-status", "종료 상태"},
    {"cli.man.environment", "환경 변수"},
    {"cli.man.examples", "예시"},
    {"cli.man.env.GPUWHY_LANG", "모든 텍스트의 언어: en, ko, ja (kr, jp도 됩니다). --lang이 우선합니다."},
    {"cli.man.env.GPUWHY_LIST_MAX_BYTES",
     "한 번의 라이브 수집에서 모든 목록이 합쳐 가질 수 있는 최대 크기, 메모리에 든 바이트 기준(기본값 268435456, "
     "256 MiB). 넘으면 그 목록을 밝히는 오류로 수집이 끝납니다."},
    {"cli.man.env.GPUWHY_LIST_MAX_ITEMS",
     "한 번의 라이브 수집에서 모든 목록이 합쳐 가질 수 있는 최대 항목 수(기본값 500000). 넘으면 그 목록을 밝히는 "
     "오류로 수집이 끝납니다."},
    {"cli.man.env.LANG", "--lang과 GPUWHY_LANG이 없을 때의 언어 (ko_KR.UTF-8은 한국어)."},
    {"cli.man.env.KUBECONFIG",
     "콜론으로 이은 kubeconfig 파일들로, kubectl과 같은 방식으로 읽습니다. --kubeconfig가 우선하며, 둘 다 없으면 "
     "~/.kube/config를 씁니다."},
    {"cli.man.env.NO_COLOR", "비어 있지 않은 값이 있으면 표에 색을 쓰지 않습니다."},
    {"cli.man.env.GITHUB_OUTPUT", "--github-output이 결과를 덧붙이는 파일 (GitHub Actions가 설정합니다)."},
    {"cli.man.env.COLUMNS", "출력이 터미널이 아닐 때 표, explain, --help가 맞추는 너비 (기본 80)."},
    {"cli.man.example.student", "학생이 실습 폴더에서 저장한 파일과 실제 클러스터를 채점합니다:"},
    {"cli.man.example.explain", "2단계의 검사가 무엇을 보는지, 직접 확인하는 방법:"},
    {"cli.man.example.why", "파드가 Pending으로 남는 이유를 노드별로:"},
    {"cli.man.example.ci", "CI가 저장된 번들을 JUnit으로 채점합니다. 검사가 실패하면 종료 상태는 1입니다:"},
    {"cli.man.example.instructor", "강사가 번들 폴더로 반 전체 페이지를 만듭니다:"},
    {"cli.man.one-of", "값: {values} 중 하나."},
    {"cli.man.default", "기본값: {value}."},
    {"cli.man.repeatable", "여러 번 줄 수 있습니다."},
    {"cli.man.exit.0", "선택한 모든 검사를 통과했습니다."},
    {"cli.man.exit.1", "하나 이상의 검사가 실패했습니다."},
    {"cli.man.exit.2", "사용법 오류: 무엇을 읽거나 요청하기 전에 플래그가 거부되었습니다."},
    {"cli.man.exit.3",
     "채점을 끝내지 못했습니다 (검사가 error: apiserver에 연결할 수 없음, 권한 거부 등). 0점으로 처리되지 않습니다."},
    {"cli.man.exit.4",
     "gpuwhy why 전용: 완전히 설명되지 않음. 스케줄러가 gpuwhy가 모델링하지 않는 플러그인의 이유를 말하거나, "
     "gpuwhy의 관문으로는 들어가는 파드를 거절했습니다. 바인딩을 예측하지 않습니다. (why에서 1은 없는 노드를 가리키는 "
     "spec.nodeName도 뜻합니다.)"},
    // ---- gpuwhy why -------------------------------------------------------------------------
    {"cli.why", "파드를 Pending에 묶어 둔 스케줄러 관문을 노드마다 수치와 함께 알려 줍니다"},
    {"cli.opt.why-pod", "파드: NAME 또는 pod/NAME"},
    {"cli.opt.namespace", "파드의 네임스페이스 (기본값: kubeconfig 컨텍스트의 네임스페이스, 없으면 \"default\")"},
    {"cli.opt.why-all", "네임스페이스의 모든 Pending 파드"},
    {"cli.opt.why-format", "출력 형식: table 또는 json"},
    {"cli.error.why-pod-or-all", "파드(NAME 또는 pod/NAME)나 --all 중 하나만 주세요"},
    {"cli.error.why-bad-pod", "\"{pod}\": 파드 이름이 아닙니다 (NAME 또는 pod/NAME)"},
    {"cli.error.why-no-pod", "파드 {namespace}/{pod:을/를} 찾을 수 없습니다"},
    {"cli.error.why-no-pod-elsewhere",
     "파드 {namespace}/{pod:을/를} 찾을 수 없습니다. 파드 {pod:은/는} 네임스페이스 {namespaces}에 있습니다: gpuwhy why "
     "{pod} -n {other}"},
    {"why.ui.lab-held",
     "실습에서 {pod:은/는} 여기서 일부러 Pending으로 남습니다({step}단계): 위의 이유가 배울 내용입니다. 해결 방법은 "
     "Kubernetes가 파드를 실행하게 하는 방법일 뿐이며, 적용하면 실습이 되돌려집니다."},
    {"why.ui.priority", "우선순위 {priority} (`priorityClassName` {class}), `preemptionPolicy` {policy}."},
    {"why.ui.victim", "{pod} (우선순위 {priority})"},
    {"why.ui.preempts",
     "선점: 스케줄러가 {node}에서 {victims:을/를} 축출하고 {node:을/를} 지명한 뒤, 다음 시도에 파드를 그곳에 "
     "바인딩합니다(그 전에 다른 파드가 자리를 차지하지 않는다면)."},
    {"why.ui.preempt-unsure",
     "gpuwhy가 확인하는 관문 기준으로는 선점이 {node}에서 {victims:을/를} 축출하지만, 결정은 gpuwhy가 모델링하지 "
     "않는 것(아래)이 합니다."},
    {"why.ui.preempt-never",
     "`preemptionPolicy`가 `Never`입니다: 스케줄러는 이 파드를 위해 어떤 파드도 축출하지 않고, 노드에 자리가 날 때까지 "
     "기다립니다."},
    {"why.ui.preempt-terminating",
     "파드가 지명된 노드에서 우선순위가 낮은 파드가 이미 선점되어 종료 중입니다: 스케줄러는 그 파드가 사라질 때까지 "
     "다시 선점하지 않습니다."},
    {"why.ui.preempt-none",
     "선점은 도움이 되지 않습니다: 우선순위가 낮은 파드를 모두 축출해도 파드가 들어갈 노드가 없습니다."},
    {"why.detail.victims", "여기서 선점으로 축출되는 파드: {victims}"},
    {"why.detail.preempt-short", "우선순위가 낮은 파드가 없어도: {reasons}"},
    {"why.ui.pod", "파드 {namespace}/{pod} ({phase}), 요청: {request}"},
    {"why.ui.no-request", "없음"},
    {"why.ui.col.node", "노드"},
    {"why.ui.col.gate", "관문"},
    {"why.ui.col.why", "이유"},
    {"why.ui.fits", "들어감"},
    {"why.ui.fix", "해결: {fix}"},
    {"why.ui.summary", "gpuwhy 판단: {summary}"},
    {"why.ui.scheduler", "스케줄러 ({source}): {message}"},
    {"why.ui.agrees", "스케줄러의 이유가 gpuwhy의 판단과 같습니다."},
    {"why.ui.disagrees",
     "스케줄러의 이유가 gpuwhy의 판단과 다릅니다: 그 뒤에 클러스터가 바뀌었거나, gpuwhy가 "
     "모델링하지 않는 플러그인이 결정했습니다 (아래 참고)."},
    {"why.ui.not-modelled", "gpuwhy가 모델링하지 않음: {what}. 이 부분은 스케줄러만 판단합니다."},
    {"why.ui.bound", "파드가 {node}에 바인딩되어 있습니다: 막는 스케줄러 관문이 없습니다."},
    {"why.ui.gated",
     "파드에 스케줄링 게이트({gates})가 있습니다: 스케줄러는 아직 이 파드를 시도하지 않았고, 게이트가 모두 "
     "제거될 때까지 시도하지 않습니다. 아래는 그때 스케줄러가 할 일입니다."},
    {"why.ui.gated-fits-on",
     "게이트가 제거되면 파드가 노드 {count}개에 들어갑니다: {nodes}. 스케줄러가 첫 시도에 바인딩할 것입니다."},
    {"why.ui.gated-summary", "게이트가 제거되면 gpuwhy 판단: {summary}"},
    {"why.ui.unserved-scheduler",
     "spec.schedulerName이 {name}입니다: default-scheduler는 이 파드를 다루지 않고, 어떤 스케줄러도 이 파드에 "
     "판정을 쓰지 않았습니다(PodScheduled 조건도, `FailedScheduling` 이벤트도 없음). {name:을/를} 맡는 스케줄러가 "
     "없으면 파드는 Pending으로 남습니다: spec.schedulerName을 default-scheduler로 하거나 빼고 다시 만드세요. "
     "gpuwhy는 바인딩을 예측하지 않습니다. 위의 행은 default-scheduler라면 할 일입니다."},
    {"why.ui.fits-on", "파드가 노드 {count}개에 들어갑니다: {nodes}. 스케줄러가 다음 시도에 바인딩할 것입니다."},
    {"why.ui.other-scheduler", "spec.schedulerName이 {name}입니다: gpuwhy는 default-scheduler만 모델링합니다."},
    {"why.ui.prefilter", "어느 노드도 시도하기 전에 거절됨: {reason}."},
    {"why.ui.node-missing",
     "spec.nodeName이 {node:을/를} 가리키지만 노드 {node:은/는} 없습니다. 노드를 지정한 파드는 스케줄러가 보지 "
     "않습니다: kubelet의 몫인데 kubelet {node:이/가} 없습니다. 노드 {node:이/가} 들어오거나, spec.nodeName 없이(또는 "
     "있는 노드를 지정해) 다시 만들 때까지 Pending으로 남습니다."},
    {"why.ui.node-gone",
     "spec.nodeName이 {node:을/를} 가리키지만 노드 {node:은/는} 없습니다: 파드는 그 노드에 바인딩되었고 노드는 그 뒤에 "
     "삭제되었습니다. 단계({phase})는 마지막으로 기록된 것이며 지금 이 파드를 실행하는 것은 없습니다. 파드 가비지 "
     "컬렉터(kube-controller-manager)가 없는 노드의 파드를 지우고, 컨트롤러가 있다면 스케줄러가 배치할 새 파드를 "
     "만듭니다."},
    {"why.ui.gate.not-modelled", "(모델링 안 됨)"},
    {"why.ui.gate.passes", "gpuwhy가 확인하는 관문을 모두 통과; 그래도 스케줄러는 거절함"},
    {"why.ui.one-of", "다음 중 하나: {reasons}"},
    {"why.ui.not-explained",
     "완전히 설명되지 않음: 여기서 결정하는 것은 gpuwhy의 모델 밖에 있으므로 gpuwhy는 바인딩을 예측하지 않습니다."},
    {"why.ui.unmodelled-nodes", "스케줄러, 노드 {count}개에서, gpuwhy가 모델링하지 않는 플러그인 때문에: {reason}"},
    {"why.ui.unmodelled-pod",
     "스케줄러, 어느 노드도 시도하기 전에, gpuwhy가 모델링하지 않는 플러그인 때문에: {reason}"},
    {"why.ui.says-no",
     "스케줄러의 마지막 시도는 노드를 찾지 못했지만 파드는 gpuwhy의 관문을 통과합니다: 그 뒤에 클러스터가 "
     "바뀌었거나, gpuwhy가 모델링하지 않는 플러그인이 결정했습니다"},
    {"why.ui.checked-fits",
     "gpuwhy는 {gates}만 확인했습니다. 그 기준으로는 파드가 노드 {count}개에 들어갑니다: {nodes}."},
    {"why.ui.checked-none", "gpuwhy는 {gates}만 확인했습니다. 그 기준으로는 파드가 들어갈 노드가 없습니다."},
    {"why.ui.no-pending", "네임스페이스 {namespace}에 Pending 파드가 없습니다."},
    {"why.detail.prefilter",
     "파드의 필수 노드 어피니티가 다른 노드를 이름으로 고정하므로(matchFields metadata.name) "
     "{node:은/는} 시도되지 않습니다"},
    {"why.fix.prefilter", "필수 노드 어피니티의 metadata.name 값에 {node:을/를} 넣거나 그 항을 지우세요"},
    {"why.detail.conflict",
     "필수 노드 어피니티의 항마다 서로 다른 노드 이름 집합을 고정하고(matchFields "
     "metadata.name) 그 집합이 겹치지 않습니다"},
    {"why.fix.conflict", "항들의 metadata.name 값이 적어도 한 노드를 가리키게 하세요"},
    {"why.detail.unschedulable", "{node:이/가} cordon 되어 있습니다 (spec.unschedulable: true)"},
    {"why.fix.unschedulable", "kubectl uncordon {node}, 또는 node.kubernetes.io/unschedulable:NoSchedule 톨러레이션"},
    {"why.detail.node-name", "파드가 노드 {want:을/를} 지정했습니다 (spec.nodeName)"},
    {"why.fix.node-name", "파드는 {want}에서만 실행됩니다: spec.nodeName을 바꾸거나 지우세요"},
    {"why.detail.taint", "테인트 {taint:을/를} 견디는 톨러레이션이 없습니다"},
    {"why.fix.taint",
     "파드에 톨러레이션을 추가하거나({toleration}) 테인트를 지우세요: kubectl taint node {node} "
     "{untaint}"},
    {"why.detail.selector", "nodeSelector {key}={want}: 노드의 라벨은 {key}={have}"},
    {"why.detail.selector-missing", "nodeSelector {key}={want}: 노드에 라벨 {key:이/가} 없습니다"},
    {"why.fix.selector", "kubectl label node {node} {key}={value}, 또는 파드의 nodeSelector를 바꾸세요"},
    {"why.detail.affinity-empty-term", "필수 노드 어피니티 항 {term}에 조건이 없어 어떤 노드와도 맞지 않습니다"},
    {"why.detail.affinity-field", "필수 노드 어피니티 항 {term}: {requirement}, 그러나 노드는 {name}입니다"},
    {"why.detail.affinity-label", "필수 노드 어피니티 항 {term}: {requirement}, 그러나 노드의 라벨은 {key}={have}"},
    {"why.detail.affinity-label-missing",
     "필수 노드 어피니티 항 {term}: {requirement}, 그러나 노드에 라벨 {key:이/가} 없습니다"},
    {"why.detail.affinity-no-term", "필수 노드 어피니티에 항이 하나도 없어 어떤 노드와도 맞지 않습니다"},
    {"why.detail.affinity-unusable.field-operator",
     "필수 노드 어피니티 항 {term}: {requirement}: 연산자 \"{subject}\": matchFields가 지원하지 않는 연산자라서 이 "
     "항은 어떤 노드와도 맞지 않습니다"},
    {"why.detail.affinity-unusable.field-value-count",
     "필수 노드 어피니티 항 {term}: {requirement}: matchFields의 In과 NotIn에는 값이 정확히 하나 있어야 해서 이 항은 "
     "어떤 노드와도 맞지 않습니다"},
    {"why.detail.affinity-unusable.key",
     "필수 노드 어피니티 항 {term}: {requirement}: 라벨 키 \"{subject}\": 올바른 키가 아니어서 이 항은 어떤 노드와도 "
     "맞지 않습니다"},
    {"why.detail.affinity-unusable.no-values",
     "필수 노드 어피니티 항 {term}: {requirement}: In과 NotIn에는 값이 하나 이상 있어야 해서 이 항은 어떤 노드와도 "
     "맞지 않습니다"},
    {"why.detail.affinity-unusable.not-integer",
     "필수 노드 어피니티 항 {term}: {requirement}: 값 \"{subject}\": Gt와 Lt에는 정수가 필요한데 정수가 아니어서 이 "
     "항은 어떤 노드와도 맞지 않습니다"},
    {"why.detail.affinity-unusable.operator",
     "필수 노드 어피니티 항 {term}: {requirement}: 연산자 \"{subject}\": 지원되지 않는 연산자라서 이 항은 어떤 "
     "노드와도 맞지 않습니다"},
    {"why.detail.affinity-unusable.value",
     "필수 노드 어피니티 항 {term}: {requirement}: 라벨 값 \"{subject}\": 올바른 값이 아니어서 이 항은 어떤 노드와도 "
     "맞지 않습니다"},
    {"why.detail.affinity-unusable.value-count",
     "필수 노드 어피니티 항 {term}: {requirement}: Gt와 Lt에는 값이 정확히 하나 있어야 해서 이 항은 어떤 노드와도 맞지 "
     "않습니다"},
    {"why.detail.affinity-unusable.values-given",
     "필수 노드 어피니티 항 {term}: {requirement}: Exists와 DoesNotExist는 값을 받지 않아 이 항은 어떤 노드와도 맞지 "
     "않습니다"},
    {"why.fix.affinity", "{node}에 필수 노드 어피니티의 한 항과 맞는 라벨을 붙이거나 항을 바꾸세요"},
    {"why.detail.port", "호스트 포트 {port}/{protocol:을/를} 파드 {pod:이/가} 쓰고 있습니다"},
    {"why.fix.port", "{port} 말고 다른 hostPort를 고르거나 빼세요"},
    {"why.detail.resource",
     "{resource}: 할당 가능 {allocatable}, 바인딩된 파드들의 요청 {requested}, 남은 양 "
     "{free}; 이 파드의 요청 {request}: {short} 부족"},
    {"why.detail.pods",
     "pods: 노드가 허용하는 {allocatable}개 중 {requested}개가 바인딩되어 있어 하나 더 들어가지 "
     "않습니다"},
    {"why.fix.resource", "{node}에 자리를 만들거나(바인딩된 파드를 지우거나 줄이기) 이 파드의 요청을 줄이세요"},
    {"why.fix.resource.no-pods",
     "{node} 노드는 파드를 하나도 받지 않습니다(status.allocatable에 pods가 없음): capacity에 있는 만큼 "
     "allocatable pods를 되돌리세요(kubectl patch node {node} --subresource=status)"},
    {"why.fix.resource.too-big",
     "이 파드는 {node} 전체보다 많이 요청합니다: 요청을 줄이거나 노드의 할당 가능량을 "
     "늘리세요"},
    {"why.detail.spread-skew",
     "파드를 {node}에 두면 그 도메인의 일치하는 파드 수가 `DoNotSchedule` 분산 제약의 `maxSkew`를 넘습니다"},
    {"why.fix.spread-skew",
     "`maxSkew`를 늘리거나 제약을 `whenUnsatisfiable: ScheduleAnyway`로 바꾸거나, 다른 도메인에 먼저 일치하는 파드를 "
     "두세요"},
    {"why.detail.spread-label", "{node}에는 파드의 `DoNotSchedule` 분산 제약이 쓰는 `topologyKey` 라벨이 없습니다"},
    {"why.fix.spread-label",
     "{node}에 제약의 모든 `topologyKey` 라벨을 붙이거나 `spec.topologySpreadConstraints`를 바꾸세요"},
    {"why.detail.pod-affinity", "필수 파드 어피니티 항이 고르는 파드가 {node}의 토폴로지 도메인에 하나도 없습니다"},
    {"why.fix.pod-affinity",
     "항이 고르는 파드를 먼저 {node}의 도메인에서 실행하거나 `spec.affinity.podAffinity`를 바꾸세요"},
    {"why.detail.pod-anti-affinity",
     "이 파드의 필수 파드 안티 어피니티 항이 고르는 파드가 {node}의 토폴로지 도메인에서 실행 중입니다: {pods}"},
    {"why.fix.pod-anti-affinity",
     "항이 고르는 파드를 {node}의 도메인 밖으로 옮기거나 `spec.affinity.podAntiAffinity`를 바꾸세요"},
    {"why.detail.existing-anti-affinity",
     "{node}의 토폴로지 도메인에 바인딩된 파드의 필수 파드 안티 어피니티 항이 이 파드를 고릅니다: {pods}"},
    {"why.fix.existing-anti-affinity",
     "이 파드의 라벨이나 네임스페이스를 바꾸거나, {node}의 도메인에 바인딩된 파드의 안티 어피니티를 바꾸세요"},
    // gpuwhy가 직접 stderr에 쓰는 말과, CLI11 오류를 다시 쓴 말(cmd/parse_errors.cpp).
    {"cli.prefix.error", "gpuwhy: 오류:"},
    {"cli.prefix.warning", "gpuwhy: 경고:"},
    {"cli.error.unknown-option", "{option}: `{command}`에는 이런 옵션이 없습니다"},
    {"cli.error.unexpected-argument", "\"{argument}\": `{command}`에 줄 수 없는 인자입니다"},
    {"cli.error.missing-argument", "`{command}`: {name} 값이 필요합니다 ({description})"},
    {"cli.error.missing-value", "{option}: 값이 빠졌습니다"},
    {"cli.error.missing-value-of", "{option}: 값이 빠졌습니다 ({values} 중 하나)"},
    {"cli.error.too-many-values", "{option}: 값은 하나만 줄 수 있는데 여러 개가 주어졌습니다"},
    {"cli.error.bad-value", "{option} \"{value}\": 올바른 값이 아닙니다"},
    {"cli.error.not-one-of", "{option} \"{value}\": {values} 중 하나여야 합니다"},
    {"cli.error.bad-command-line", "`{command}`: 인자를 해석할 수 없습니다"},
    {"cli.error.command-needed", "명령을 지정하세요. 명령은 다음과 같습니다:"},
    // `gpuwhy explain`: 절 제목(절은 check.*.explain이 표시한 부분입니다).
    {"ui.explain.what", "무엇을 확인하나"},
    {"ui.explain.why", "왜 중요한가"},
    {"ui.explain.look", "직접 확인하는 법"},
    {"ui.explain.mistakes", "흔한 실수"},
    {"cli.error.explain-step", "\"{step}\": 실습의 단계는 1부터 {steps}까지입니다"},
    {"cli.error.ambiguous-check",
     "\"{word}\": 이 말이 들어간 검사 ID가 {count}개 있습니다: {ids}. ID를 더 적어 주세요"},
    // 무결성(이슈 38): 번들에 적힌 내용 중 컨트롤 플레인이 그렇게 만들 수 없는 것.
    {"integrity.field-unreadable",
     "{object}: {field} 값이 {value}입니다. apiserver와 gpuwhy snapshot은 이 자리에 이런 값을 쓰지 않습니다(무결성 "
     "검사가 읽는 필드는 읽을 수 있어야 합니다. 모두 {count}개 필드)"},
    {"integrity.published-bundle",
     "{object}의 {mark:은/는} gpuwhy와 함께 공개된 번들 {bundle}에 있는 객체의 것입니다. 새 클러스터는 모든 "
     "객체에 새 `uid`를, 모든 이벤트에 새 이름을 주므로, 이것은 학생이 직접 만든 실습이 아니라 공개된 "
     "캡처입니다(모두 {count}개 객체)"},
    {"integrity.student-mismatch",
     "번들에는 {student}의 것이라고 적혀 있지만 {submission:으로/로} 제출되었습니다. 이 행은 {submission}의 "
     "것입니다"},
    {"integrity.bundle-not-live",
     "번들에 클러스터 데이터가 있는데 `live_collected`={live_collected}, `source` \"{source}\"로 적혀 있습니다. gpuwhy "
     "snapshot은 apiserver에서 읽은 것에 \"live <server>\"를 적습니다"},
    {"integrity.time-after-taken-at",
     "{object}: {field} {time:이/가} 스냅숏의 `taken_at` {taken_at}보다 늦습니다(시계 차이 5분 허용, 모두 {count}개 "
     "객체)"},
    {"integrity.object-before-namespace",
     "{object:이/가} {time}에 만들어져 네임스페이스({namespace_time})보다 먼저입니다. apiserver는 없는 네임스페이스에 "
     "아무것도 만들지 않습니다(모두 {count}개 객체)"},
    {"integrity.resource-version-above-list",
     "{object}: `resourceVersion` {version:이/가} 함께 받은 {list} 목록의 `resourceVersion` {list_version}보다 "
     "큽니다(모두 {count}개 객체)"},
    {"integrity.uid-not-uuid",
     "{object}: `uid` \"{uid}\"는 apiserver가 만드는 형식이 아닙니다(`RFC 4122`: 8-4-4-4-12 소문자 16진수, 모두 "
     "{count}개 객체)"},
    {"integrity.uid-shared",
     "{object:과/와} {other}의 `uid`가 {uid:으로/로} 같습니다. apiserver는 한 `uid`를 두 객체에 주지 않습니다(모두 "
     "{count}개)"},
    {"integrity.scheduled-event-node-mismatch",
     "{event}에는 스케줄러가 {pod:을/를} {event_node}에 배정했다고 적혀 있지만 파드의 spec.nodeName은 {node}입니다"},
    {"integrity.event-before-pod",
     "{pod}의 {event:이/가} {event_time}에 일어나 파드가 만들어진 때({created})보다 먼저입니다"},
    {"integrity.phase-scheduling-mismatch",
     "{pod}: phase {phase}, spec.nodeName {node}, PodScheduled {scheduled}. `Running` 파드는 노드에 바인딩되고 "
     "스케줄된 상태이며, 바인딩되지 않은 Pending 파드는 스케줄되지 않은 상태입니다"},
    {"integrity.phase-status-mismatch",
     "{pod}: phase {phase}, spec.nodeName {node}인데 {field:이/가} 이와 맞지 않습니다. 노드 에이전트는 파드를 "
     "실행하면 `startTime`, IP, 컨테이너 상태를 쓰며(`Running` 파드에는 있습니다), 노드가 없는 파드에는 쓰지 "
     "않습니다"},
    {"integrity.unschedulable-without-event",
     "{pod}: PodScheduled 조건은 \"{message}\"라고 하지만 이 파드의 `FailedScheduling` 이벤트 중 그렇게 말하는 것이 "
     "없습니다. 스케줄러는 둘을 함께 씁니다"},
    {"integrity.last-applied-mismatch",
     "{pod}: {field:은/는} {live}인데 파드를 만든 `last-applied-configuration`에는 {applied:으로/로} 적혀 있습니다. 이 "
     "필드는 만든 뒤 바꿀 수 없습니다"},
    {"integrity.dry-run-mismatch",
     "{file}: 기록된 apiserver 응답은 {field:을/를} {answered:으로/로} 인용하지만 매니페스트에는 {manifest:으로/로} "
     "적혀 있습니다"},
    {"integrity.file-size-mismatch", "{file}: 번들에는 {size}바이트로 적혀 있지만 담긴 내용은 {length}바이트입니다"},
    {"integrity.field-without-manager",
     "{object}: {field:이/가} 설정되어 있지만 이 필드를 가진 `managedFields` 항목이 없습니다. apiserver는 모든 필드를 "
     "누가 "
     "썼는지 적으므로 apiserver를 거쳐 쓴 값이 아닙니다(모두 {count}개 필드)"},
    {"integrity.managed-fields-missing",
     "{object}에 `managedFields`가 없습니다. apiserver는 만드는 모든 객체에 관리자를 적습니다(모두 {count}개 객체)"},
    {"integrity.managed-before-created",
     "{object}: `managedFields`에는 {manager:이/가} {time}에 썼다고 되어 있어 객체가 만들어진 때({created})보다 "
     "1분 넘게 먼저입니다(모두 {count}개 객체)"},
    {"integrity.insufficient-with-room",
     "{pod}: 스케줄러가 {time}에 노드 {total}개 중 {said}개에 \"Insufficient {resource}\"라고 말한 것으로 "
     "적혀 있지만, {node}에는 파드의 요청 {request}개를 위한 자리가 있었습니다. 그 전에 쓰인 allocatable은 "
     "{allocatable}개이고 그때 바인딩된 파드들의 요청은 {requested}개입니다. 스케줄러는 자리가 없는 노드에만 "
     "Insufficient라고 말합니다"},
    {"integrity.node-over-allocatable",
     "{node}: 이 노드에 바인딩된 파드들이 {resource} {requested}개를 요청해 allocatable {allocatable}개보다 많습니다. "
     "스케줄러가 {bound}에 {pod:을/를} 바인딩할 때 allocatable은 이미 지금 값이었고, 스케줄러는 allocatable을 넘겨 "
     "바인딩하지 않습니다"},
    {"type.string", "문자열(값을 따옴표로 감싸세요)"},
    {"type.integer", "정수"},
    {"type.bool", "`true` 또는 `false`"},
    {"type.mapping", "매핑(`key: value` 줄)"},
    {"type.list-of-mappings", "매핑의 목록(-로 시작하는 줄)"},
    {"type.list-of-strings", "[\"sleep\", \"infinity\"] 같은 문자열 목록"},
    {"type.mapping-of-strings", "문자열 매핑(\"true\", \"1\" 같은 값은 따옴표로 감싸세요)"},
    {"type.time", "2026-01-02T15:04:05Z 같은 `RFC 3339` 시각"},
};

}  // namespace

const std::map<std::string, std::string>& catalog_ko() {
  static const std::map<std::string, std::string> kCatalog = catalog_map(kEntries);
  return kCatalog;
}

}  // namespace gpuwhy::i18n
