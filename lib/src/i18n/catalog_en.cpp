// User-facing texts in this language. Ids are stable; placeholders are {name}.
// A test checks that every catalog has exactly the ids and placeholders of catalog_en.cpp.
// Translators: every text is self-contained; {placeholders} are filled with data (names,
// numbers, file paths, quoted cluster text) that is never translated.
#include "catalog.h"

namespace gpuwhy::i18n {

namespace {

// A table at namespace scope, not a function body: the texts are data.
constexpr CatalogEntry kEntries[] = {
    {"check.step1.gpu-labels.explain",
     "Checks that {node} carries nvidia.com/gpu.present=true, nvidia.com/gpu.product=NVIDIA-A100-SXM4-40GB, "
     "nvidia.com/gpu.count=2 and nvidia.com/gpu.deploy.device-plugin=true, values exactly as written (case matters). "
     "{part_why}On a real cluster gpu-feature-discovery writes these labels and the GPU operator uses them to decide "
     "where its daemonsets run. {part_mistakes}Usual mistakes: labelling the wrong node, a typo in a key, or True "
     "instead of true."},
    {"check.step1.gpu-labels.look",
     "`kubectl get node {node} -L "
     "nvidia.com/gpu.present,nvidia.com/gpu.product,nvidia.com/gpu.count,nvidia.com/gpu.deploy.device-plugin` shows "
     "the four values in columns; each must read exactly as listed."},
    {"check.step1.gpu-labels.title", "{node} carries the four GPU labels"},
    {"check.step1.namespace.explain",
     "Checks that the namespace {namespace} exists and is Active. {part_why}Every pod of the lab lives there, and "
     "gpuwhy reads the pods and events of that namespace only. {part_mistakes}Usual mistake: creating the pods in the "
     "default namespace because the namespace was never created or -n {namespace} was forgotten."},
    {"check.step1.namespace.look", "`kubectl get namespace {namespace}` shows STATUS Active."},
    {"check.step1.namespace.title", "Namespace {namespace} exists"},
    {"check.step1.other-nodes-clean.explain",
     "Checks that no node other than {node} carries any of the four nvidia.com/gpu.* label keys. {part_why}A label on "
     "a CPU node would attract GPU workloads (and the cpu-only pod of step 5) to a node without GPUs. "
     "{part_mistakes}Usual mistake: labelling all nodes at once, or labelling lab-node-1 first and never removing it "
     "(kubectl label node NAME KEY- removes a label)."},
    {"check.step1.other-nodes-clean.look",
     "`kubectl get nodes -L "
     "nvidia.com/gpu.present,nvidia.com/gpu.product,nvidia.com/gpu.count,nvidia.com/gpu.deploy.device-plugin`: only "
     "{node} may show values in the four label columns."},
    {"check.step1.other-nodes-clean.title", "No other node carries the GPU labels"},
    {"check.step2.advertised-file.explain",
     "Checks that out/advertised.txt names every node of the cluster and shows the amount each advertises now: 2 for "
     "{node}, <none>, empty or 0 for the others. Table, custom-columns, jsonpath, JSON, YAML and kubectl describe "
     "output are all accepted. {part_mistakes}Usual mistakes: every row <none> because the shell removed the "
     "backslash in nvidia\\.com/gpu (quote the whole -o argument), or a jsonpath that prints only the numbers without "
     "node names. {part_what}Any header case (Name/Gpu), jsonpath with any separator (tab, =, :, space) and a prompt "
     "or comment line above the output read the same. {part_mistakes}Every row <none> while the node advertises 2 now "
     "means the file was saved before the step-2 patch: save it again."},
    {"check.step2.advertised-file.look",
     "`kubectl get nodes -o custom-columns='NAME:.metadata.name,GPU:.status.capacity.nvidia\\.com/gpu'` shows what "
     "each node advertises now; `cat out/advertised.txt` must show the same."},
    {"check.step2.advertised-file.title", "out/advertised.txt shows every node's GPU amount"},
    {"check.step2.allocatable.explain",
     "Checks status.allocatable[\"{resource}\"] of {node}. {part_why}The scheduler places pods against allocatable, "
     "not capacity: a node with capacity 2 and no allocatable entry offers no GPU at all, and every GPU pod stays "
     "Pending. {part_mistakes}This is the classic mistake of this step: patch both /status/capacity/nvidia.com~1gpu "
     "and /status/allocatable/nvidia.com~1gpu."},
    {"check.step2.allocatable.look",
     "`kubectl get node {node} -o jsonpath='{.status.allocatable.nvidia\\.com/gpu}'` prints 2; nothing printed means "
     "no allocatable entry."},
    {"check.step2.allocatable.title", "{node} allocatable shows {resource}: 2"},
    {"check.step2.capacity.explain",
     "Checks status.capacity[\"{resource}\"] of {node}. {part_why}Extended resources are numbers that a device plugin "
     "writes into node status; here you play the device plugin with kubectl patch node {node} --subresource=status "
     "and the JSON pointer /status/capacity/nvidia.com~1gpu. {part_mistakes}Usual mistakes: patching the node object "
     "without --subresource=status (the change is silently dropped), or writing {resource} unescaped in the JSON "
     "pointer."},
    {"check.step2.capacity.look",
     "`kubectl get node {node} -o jsonpath='{.status.capacity.nvidia\\.com/gpu}'` prints 2."},
    {"check.step2.capacity.title", "{node} capacity shows {resource}: 2"},
    {"check.step2.other-nodes.explain",
     "Checks that no node other than {node} advertises {resource} (absent or 0, in capacity and allocatable). "
     "{part_why}Otherwise trainer could land on a node without GPUs and the lesson of step 4 (resources alone choose "
     "{node}) would not hold. {part_mistakes}Usual mistake: patching the wrong node."},
    {"check.step2.other-nodes.look",
     "`kubectl get nodes -o "
     "custom-columns='NAME:.metadata.name,CAPACITY:.status.capacity.nvidia\\.com/"
     "gpu,ALLOCATABLE:.status.allocatable.nvidia\\.com/gpu'`: every node but {node} shows <none> or 0."},
    {"check.step2.other-nodes.title", "No other node advertises {resource}"},
    {"check.step3.apiserver-rejects.explain",
     "gpuwhy sends both manifests to the live apiserver as server-side dry-run creates (nothing is created) and "
     "checks that each is refused with 422 Invalid for its own rule: bad-mismatch with \"must be equal to {resource} "
     "limit\", bad-fraction with \"must be an integer\". A manifest the apiserver accepts fails. If gpuwhy may not "
     "create pods in {namespace}, the check is an error, not a failure."},
    {"check.step3.apiserver-rejects.look",
     "`kubectl apply --dry-run=server -f k8s/bad-mismatch.yaml -f k8s/bad-fraction.yaml` asks the apiserver without "
     "creating anything: both must be refused as invalid."},
    {"check.step3.apiserver-rejects.title", "The apiserver refuses both bad manifests for their own rule"},
    {"check.step3.fraction-manifest.explain",
     "Checks that k8s/bad-fraction.yaml is a Pod asking for a non-integer {resource} amount such as 0.5, 500m or 1.5. "
     "{part_why}Devices are handed out whole, so extended resources must be integers; this manifest exists to watch "
     "the apiserver refuse it. {part_mistakes}Usual mistake: a whole number here, or a fractional cpu instead of a "
     "fractional GPU."},
    {"check.step3.fraction-manifest.look",
     "`kubectl apply --dry-run=server -f k8s/bad-fraction.yaml` must answer \"must be an integer\"."},
    {"check.step3.fraction-manifest.title", "k8s/bad-fraction.yaml asks for a fraction of a GPU"},
    {"check.step3.mismatch-manifest.explain",
     "Checks that k8s/bad-mismatch.yaml is a Pod whose container sets {resource} in both requests and limits, as "
     "whole numbers with different values. {part_why}Extended resources cannot be overcommitted, so the apiserver "
     "requires requests to equal limits; this manifest exists to watch that rule refuse it. {part_mistakes}Usual "
     "mistakes: setting only limits (requests are then copied from limits and the pod is valid), or using a fraction "
     "(that is the other rule)."},
    {"check.step3.mismatch-manifest.look",
     "`kubectl apply --dry-run=server -f k8s/bad-mismatch.yaml` must answer \"must be equal to {resource} limit\"."},
    {"check.step3.mismatch-manifest.title", "k8s/bad-mismatch.yaml breaks requests == limits"},
    {"check.step3.not-created.explain",
     "Checks that no pod named like the two bad manifests (their metadata.name) exists in {namespace}. {part_why}Both "
     "rules are enforced by the apiserver, so a correct bad manifest can never become a pod. {part_mistakes}Usual "
     "mistake: \"fixing\" a bad manifest until it applies, which defeats the purpose of the step."},
    {"check.step3.not-created.look",
     "`kubectl -n {namespace} get pods` lists neither of the names that `grep name: k8s/bad-*.yaml` prints."},
    {"check.step3.not-created.title", "Neither bad pod exists"},
    {"check.step3.rejected-file.explain",
     "Checks that out/rejected.txt holds both apiserver rejections: one with \"must be equal to {resource} limit\" "
     "and one with \"must be an integer\" on an {resource} field. {part_look}kubectl prints errors on stderr, so "
     "capture them with 2>&1, and append the second with >>. {part_mistakes}Usual mistakes: an empty file (stdout "
     "only) or a file holding only the second message (> overwrote the first). {part_what}The two rejections may come "
     "in either order and in any kubectl form (apply, create, one command for both files, --dry-run=server, prompts "
     "around them); each message counts for the rules it names, so a 0.5 request with limit 1, refused for both "
     "rules, counts as the integer rejection."},
    {"check.step3.rejected-file.look", "`grep -c 'must be' out/rejected.txt` counts both messages (2 or more)."},
    {"check.step3.rejected-file.title", "out/rejected.txt holds both rejection messages"},
    {"check.step4.manifest.explain",
     "Checks that k8s/trainer.yaml is Pod trainer with {resource}: 1 under limits and not under requests, with no "
     "nodeSelector, nodeName or affinity. {part_why}The point of the step is that the apiserver fills requests from "
     "limits and that the resource alone leads the scheduler to {node}. {part_mistakes}Usual mistakes: writing "
     "requests too, or pinning the pod with a nodeSelector."},
    {"check.step4.manifest.look",
     "`grep -nE 'requests|limits|nodeSelector|nodeName|affinity' k8s/trainer.yaml` shows limits with {resource}: 1 and "
     "none of the other words."},
    {"check.step4.manifest.title", "k8s/trainer.yaml asks for one GPU under limits only"},
    {"check.step4.placed-by-scheduler.explain",
     "Checks that the live trainer pod is bound to {node} by the scheduler: no nodeName in the manifest, no "
     "nodeSelector or affinity on the pod, PodScheduled True. {part_why}Only {node} advertises {resource}, so the "
     "scheduler has exactly one choice. {part_mistakes}Usual mistakes: setting nodeName (which skips the scheduler) "
     "or a nodeSelector (which hides the lesson); a Pending trainer usually means allocatable was not patched. "
     "{part_what}A pod that names another scheduler (spec.schedulerName) or has events but no Scheduled event from "
     "default-scheduler was bound by hand (a Binding) and fails; a pod whose events have all expired is judged by "
     "PodScheduled alone. A pod created with nodeName fails even after the line is deleted from the file: its "
     "managedFields show that a client, not kube-scheduler, set spec.nodeName."},
    {"check.step4.placed-by-scheduler.look",
     "`kubectl -n {namespace} get pod trainer -o wide` shows NODE {node}; `kubectl -n {namespace} get events "
     "--field-selector involvedObject.name=trainer,reason=Scheduled` shows default-scheduler's Scheduled event."},
    {"check.step4.placed-by-scheduler.title", "The scheduler put trainer on {node}"},
    {"check.step4.requests-defaulted.explain",
     "Checks that the live trainer pod has requests and limits {resource} = 1. {part_why}For extended resources the "
     "apiserver copies limits into missing requests. {part_look}You can see it with kubectl -n {namespace} get pod "
     "trainer -o yaml. {part_mistakes}Usual mistake: a trainer pod that asks for another amount or for no GPU at all."},
    {"check.step4.requests-defaulted.look",
     "`kubectl -n {namespace} get pod trainer -o jsonpath='{.spec.containers[0].resources}'` prints only that part: "
     "requests and limits both {resource} 1."},
    {"check.step4.requests-defaulted.title", "trainer got requests {resource}: 1 from its limits"},
    {"check.step5.cpu-only-pending.explain",
     "Checks that cpu-only has no node, is Pending with PodScheduled False/Unschedulable, and that the scheduler's "
     "message blames the taint (untolerated taint) and not resources. {part_why}Reading this message is the skill of "
     "the lab: a taint reason means \"look at taints and tolerations\", not at GPUs. {part_mistakes}Usual mistakes: "
     "no taint (cpu-only gets scheduled), or a toleration on cpu-only."},
    {"check.step5.cpu-only-pending.look",
     "`kubectl -n {namespace} get pod cpu-only -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'` names an untolerated taint, not "
     "Insufficient {resource}."},
    {"check.step5.cpu-only-pending.title", "cpu-only is Pending because of the taint"},
    {"check.step5.cpu-only-spec.explain",
     "Checks k8s/cpu-only.yaml and the live cpu-only pod: no {resource} request or limit, nodeSelector "
     "nvidia.com/gpu.present: \"true\", no toleration for the taint, and nothing else that keeps it off the GPU node "
     "(a nodeName, a scheduling gate, a node affinity that rules the node out, a pod (anti-)affinity that its pods "
     "rule out, a spread constraint it cannot meet there). {part_why}This pod shows what the "
     "taint is "
     "for: an ordinary workload aimed at the GPU node must be kept off it. {part_mistakes}Usual mistakes: an unquoted "
     "true in the nodeSelector, or copying trainer2's toleration."},
    {"check.step5.cpu-only-spec.look",
     "`kubectl -n {namespace} get pod cpu-only -o jsonpath='{.spec.nodeSelector} {.spec.tolerations} "
     "{.spec.containers[*].resources}'` shows the selector, only the two default NoExecute tolerations, and no "
     "{resource}."},
    {"check.step5.cpu-only-spec.title", "cpu-only targets the GPU node without a GPU or a toleration"},
    {"check.step5.taint.explain",
     "Checks that {node} has the taint key {resource} with value present and effect NoSchedule, and that no other "
     "node has an {resource} taint. {part_why}The taint reserves the expensive GPU node for pods that tolerate it. "
     "{part_mistakes}Usual mistakes: NoExecute (which evicts running pods such as trainer), a different value, or "
     "tainting the wrong node."},
    {"check.step5.taint.look",
     "`kubectl describe node {node} | grep Taints` shows {taint}; `kubectl get nodes -o "
     "custom-columns='NAME:.metadata.name,TAINTS:.spec.taints[*].key'` shows it on no other node."},
    {"check.step5.taint.title", "{node} is tainted {taint}"},
    {"check.step5.tainted-file.explain",
     "Checks that out/tainted.txt holds a scheduler message (\"N/M nodes are available: ...\") that blames the taint "
     "and not Insufficient {resource}, with the same reasons as the live PodScheduled message of cpu-only (the "
     "preemption part may differ). {part_look}Get it with kubectl -n {namespace} get pod cpu-only -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'. {part_mistakes}Usual mistakes: saving "
     "trainer3's message here, or an empty file. {part_what}The message may be saved from any kubectl output "
     "(jsonpath, -o yaml, -o json, describe pod, get events); every message in the file counts, so a file that also "
     "holds an Insufficient {resource} message fails."},
    {"check.step5.tainted-file.look",
     "Put the live message beside the file: `kubectl -n {namespace} get pod cpu-only -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'`; `cat out/tainted.txt`"},
    {"check.step5.tainted-file.title", "out/tainted.txt holds cpu-only's taint message"},
    {"check.step5.trainer-not-evicted.explain",
     "Checks that trainer, created before the taint, is still bound to {node} and running. {part_why}NoSchedule only "
     "keeps new pods away; NoExecute would have evicted trainer. {part_mistakes}Usual mistake: tainting with "
     "NoExecute, or deleting trainer to make room."},
    {"check.step5.trainer-not-evicted.look",
     "`kubectl -n {namespace} get pod trainer -o wide` shows STATUS Running and NODE {node}."},
    {"check.step5.trainer-not-evicted.title", "trainer still runs on {node}"},
    {"check.step6.gate-kept.explain",
     "Checks that the {taint} taint is still on {node} and that cpu-only is still Pending. {part_why}Removing the "
     "taint to let pods through would defeat the reason the GPU node was reserved. {part_mistakes}Usual mistake: "
     "kubectl taint node {node} nvidia.com/gpu- to \"fix\" a Pending pod."},
    {"check.step6.gate-kept.look",
     "`kubectl get node {node} -o jsonpath='{.spec.taints}'` still holds the taint, and `kubectl -n {namespace} get "
     "pod cpu-only` still shows Pending."},
    {"check.step6.gate-kept.title", "The taint stays and cpu-only stays Pending"},
    {"check.step6.gpu.explain",
     "Checks k8s/trainer2.yaml and the live trainer2 pod: requests and limits {resource} = 1. {part_why}trainer2 has "
     "to pass both gates, the resource gate and the taint gate. {part_mistakes}Usual mistake: forgetting the "
     "resources when adding the toleration."},
    {"check.step6.gpu.look",
     "`kubectl -n {namespace} get pod trainer2 -o jsonpath='{.spec.containers[*].resources}'` shows requests and "
     "limits {resource} 1."},
    {"check.step6.gpu.title", "trainer2 asks for one GPU"},
    {"check.step6.placed.explain",
     "Checks that trainer2 is bound to {node} by the scheduler (no nodeName in the manifest, PodScheduled True). "
     "{part_why}With the toleration and a free GPU slot the scheduler can place it. {part_mistakes}Usual mistakes: a "
     "toleration that does not match (trainer2 stays Pending) or nodeName in the manifest. {part_what}A pod created "
     "with nodeName fails even after the line is deleted from the file: its managedFields show that a client, not "
     "kube-scheduler, set spec.nodeName."},
    {"check.step6.placed.look",
     "`kubectl -n {namespace} get pod trainer2 -o wide` shows NODE {node}; `kubectl -n {namespace} get events "
     "--field-selector involvedObject.name=trainer2,reason=Scheduled` shows default-scheduler's Scheduled event."},
    {"check.step6.placed.title", "The scheduler put trainer2 on {node}"},
    {"check.step6.toleration.explain",
     "Checks that trainer2 has a toleration for the taint: key {resource} and either operator Equal with value "
     "present or operator Exists, effect NoSchedule or empty. A toleration without a key and with operator Exists "
     "tolerates every taint and is too broad. The two 300 s NoExecute tolerations the apiserver adds to every pod are "
     "ignored. {part_mistakes}Usual mistakes: value true instead of present, or an effect that does not match."},
    {"check.step6.toleration.look",
     "Put `kubectl -n {namespace} get pod trainer2 -o jsonpath='{.spec.tolerations}'` beside `kubectl get node {node} "
     "-o jsonpath='{.spec.taints}'`: key, value (or Exists) and effect must match."},
    {"check.step6.toleration.title", "trainer2 tolerates exactly the GPU taint"},
    {"check.step7.exhausted-file.explain",
     "Checks that out/exhausted.txt holds a scheduler message with Insufficient {resource} and no taint reason, with "
     "the same reasons as the live message of trainer3 (the preemption part may differ). {part_why}Put it next to "
     "out/tainted.txt: the difference tells you where to look next. {part_mistakes}Usual mistakes: saving cpu-only's "
     "message here, or an empty file. {part_what}Any kubectl output form counts and every message in the file is read "
     "(a taint message beside it fails). The premise must hold live: trainer and trainer2 run on {node} and hold "
     "every allocatable GPU."},
    {"check.step7.exhausted-file.look",
     "Put the live message beside the file: `kubectl -n {namespace} get pod trainer3 -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'`; `cat out/exhausted.txt`"},
    {"check.step7.exhausted-file.title", "out/exhausted.txt holds trainer3's Insufficient message"},
    {"check.step7.pending-insufficient.explain",
     "Checks that trainer3 has no node, is Pending with PodScheduled False, and that the scheduler's message says "
     "Insufficient {resource} and does not blame the taint. {part_why}Both GPU slots are taken by trainer and "
     "trainer2, so the reason changes from the taint to resources. {part_mistakes}Usual mistakes: no toleration on "
     "trainer3 (the taint reason again), or a freed slot (trainer3 gets scheduled). {part_what}The premise is checked "
     "live: trainer and trainer2 bound to {node} and using every allocatable GPU (USED = ALLOCATABLE > 0); without "
     "allocatable (capacity only) trainer3 waits for the wrong reason and the hint points at step 2."},
    {"check.step7.pending-insufficient.look",
     "`kubectl -n {namespace} get pod trainer3 -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}'` says Insufficient {resource}; `kubectl "
     "describe node {node} | grep -A8 'Allocated resources'` shows every GPU in use."},
    {"check.step7.pending-insufficient.title", "trainer3 is Pending with Insufficient {resource}"},
    {"check.step7.same-as-trainer2.explain",
     "Checks that k8s/trainer3.yaml and the live trainer3 match trainer2 in containers (image, resources), "
     "tolerations, nodeSelector, affinity and every other field the scheduler reads (init containers, schedulerName, "
     "priority, scheduling gates, nodeName ...); only the name differs. {part_why}Keeping everything equal is what "
     "makes "
     "the new Pending reason meaningful. {part_mistakes}Usual mistake: dropping the toleration, which brings the "
     "taint reason back."},
    {"check.step7.same-as-trainer2.look",
     "`diff <(kubectl -n {namespace} get pod trainer2 -o "
     "jsonpath='{.spec.containers}{.spec.tolerations}{.spec.nodeSelector}{.spec.affinity}') <(kubectl -n {namespace} "
     "get pod trainer3 -o jsonpath='{.spec.containers}{.spec.tolerations}{.spec.nodeSelector}{.spec.affinity}')` "
     "prints nothing."},
    {"check.step7.same-as-trainer2.title", "trainer3 is trainer2 under another name"},
    {"check.step8.allocatable.explain",
     "Checks that ALLOCATABLE equals the live allocatable {resource} of {node}. {part_look}Count it from the cluster "
     "(kubectl get node {node} -o jsonpath=...), do not copy it from the lab text."},
    {"check.step8.allocatable.look",
     "`kubectl get node {node} -o jsonpath='{.status.allocatable.nvidia\\.com/gpu}'` prints the number ALLOCATABLE "
     "must hold."},
    {"check.step8.allocatable.title", "ALLOCATABLE matches the cluster"},
    {"check.step8.format.explain",
     "Checks that out/gate-report.txt has exactly seven non-blank lines, each KEY=VALUE or KEY: VALUE, with each of "
     "ALLOCATABLE, USED, PENDING, TAINT, REQUESTS_EQUAL_LIMITS, FRACTIONAL and SCHEDULER_SEES once, in any order. "
     "{part_mistakes}Usual mistakes: a misspelt key, a key written twice, or extra comment lines."},
    {"check.step8.format.look",
     "`grep -cv '^[[:space:]]*$' out/gate-report.txt` prints 7, and `grep -oE '^[A-Z_]+' out/gate-report.txt | sort | "
     "uniq -d` prints nothing."},
    {"check.step8.format.title", "out/gate-report.txt has the seven lines"},
    {"check.step8.fractional.explain",
     "Checks that FRACTIONAL is one negative word (no, false, rejected, forbidden, invalid, denied, 불가, 거절, 금지, "
     "いいえ, 不可 ...): an extended resource must be a whole number, as step 3 showed."},
    {"check.step8.fractional.look",
     "`kubectl apply --dry-run=server -f k8s/bad-fraction.yaml` shows the apiserver's answer that FRACTIONAL sums up."},
    {"check.step8.fractional.title", "FRACTIONAL says fractions are not allowed"},
    {"check.step8.pending.explain",
     "Checks that PENDING equals the number of pods in phase Pending in {namespace} right now. {part_mistakes}Usual "
     "mistake: a number from memory instead of kubectl -n {namespace} get pods."},
    {"check.step8.pending.look",
     "`kubectl -n {namespace} get pods --field-selector=status.phase=Pending --no-headers | wc -l` prints the number "
     "PENDING must hold."},
    {"check.step8.pending.title", "PENDING matches the cluster"},
    {"check.step8.requests-equal-limits.explain",
     "Checks that REQUESTS_EQUAL_LIMITS is one affirmative word (yes, true, required, must, equal, same, 예, 네, "
     "필수, 같음, はい, 必須 ...): for an extended resource requests must equal limits, as step 3 showed. Korean and "
     "Japanese forms with endings count (같아야 함, 필수임, 일치), full-width letters too; an explanation after the "
     "answer is fine (yes (must be equal)); an answer holding both a yes and a no (yes/no, n/a) fails as ambiguous."},
    {"check.step8.requests-equal-limits.look",
     "`kubectl apply --dry-run=server -f k8s/bad-mismatch.yaml` shows the apiserver's answer that "
     "REQUESTS_EQUAL_LIMITS sums up."},
    {"check.step8.requests-equal-limits.title", "REQUESTS_EQUAL_LIMITS says they must be equal"},
    {"check.step8.scheduler-sees.explain",
     "Checks that SCHEDULER_SEES names numbers (number, numbers, count, quantity, allocatable, 숫자, 数 ...). "
     "{part_why}The scheduler never sees a device, only the numbers written in node status; that is why patching "
     "status was enough in this lab without any GPU. {part_what}Answers like devices, gpu or hardware fail."},
    {"check.step8.scheduler-sees.look",
     "`kubectl get node {node} -o jsonpath='{.status.allocatable}'` shows all the scheduler knows of the node's GPUs."},
    {"check.step8.scheduler-sees.title", "SCHEDULER_SEES says numbers"},
    {"check.step8.taint.explain",
     "Checks that TAINT equals the live {resource} taint of {node} written key=value:Effect, e.g. {taint}. "
     "{part_mistakes}Usual mistakes: another order, a missing effect, or a taint that is no longer on the node."},
    {"check.step8.taint.look",
     "`kubectl describe node {node} | grep Taints` prints the taint as key=value:Effect, the form TAINT takes."},
    {"check.step8.taint.title", "TAINT matches the taint on {node}"},
    {"check.step8.used.explain",
     "Checks that USED equals the {resource} requested by the pods bound to {node} that have not finished, counted "
     "the way the scheduler counts (for each pod the larger of the sum over its containers and the largest init "
     "container). Only the pods of {namespace} are visible to gpuwhy. {part_mistakes}Usual mistake: counting Pending "
     "pods, which have no node."},
    {"check.step8.used.look",
     "`kubectl -n {namespace} get pods --field-selector=spec.nodeName={node} -o "
     "custom-columns='NAME:.metadata.name,PHASE:.status.phase,GPU:.spec.containers[*].resources.requests.nvidia\\.com/"
     "gpu'`: add the GPU column of the pods not `Succeeded` or `Failed`."},
    {"check.step8.used.title", "USED matches the cluster"},
    {"cli.app", "gpuwhy: grades the lab \"why does my GPU pod stay Pending\""},
    {"cli.check", "Grade the lab: the student's files and the live cluster"},
    {"cli.error.bad-step", "--step {step}: the lab has steps 1 to {steps}"},
    {"cli.error.more-info", "Run with --help for more information."},
    {"cli.error.lang", "--lang {value}: no such language; use en, ko or ja (kr and jp are taken for ko and ja)"},
    {"cli.error.did-you-mean", "did you mean \"{suggestion}\"?"},
    {"cli.error.unknown-command", "\"{command}\": unknown command (the commands are {commands})"},
    {"cli.error.no-such-check", "\"{id}\": no such check (see `gpuwhy list`)"},
    {"cli.error.unknown-check", "--check \"{id}\": no such check (see `gpuwhy list`)"},
    {"cli.error.unknown-format", "--format \"{format}\": unknown format"},
    {"cli.explain", "Explain a check or a step: what it checks, why it matters, how to look yourself, usual mistakes"},
    {"cli.group.options", "Options"},
    {"cli.group.input", "Input"},
    {"cli.group.cluster", "Cluster"},
    {"cli.group.output", "Output"},
    {"cli.group.subcommands", "Subcommands"},
    {"cli.help", "Print this help message and exit"},
    {"cli.label.options", "OPTIONS"},
    {"cli.label.positionals", "Positionals"},
    {"cli.label.required", "REQUIRED"},
    {"cli.label.subcommand", "SUBCOMMAND"},
    {"cli.label.subcommands", "SUBCOMMANDS"},
    {"cli.label.usage", "Usage"},
    {"cli.list", "List every check: id, step, title, points"},
    {"cli.opt.bundle-output", "Bundle file to write (default: standard output)"},
    {"cli.opt.check", "Grade only this check id (repeatable)"},
    {"cli.opt.check-id", "A check id (step2.allocatable), a step (2 or step2) or a part of one id (capacity)"},
    {"cli.opt.color", "auto, always or never"},
    {"cli.opt.context", "The name of the kubeconfig context to use"},
    {"cli.opt.dir", "The lab folder (default: . when it has k8s/ or out/, else /root/gpuwhy)"},
    {"cli.opt.format", "Report format: {formats}"},
    {"cli.opt.hide-expected", "Leave expected values out (safe to show before the deadline)"},
    {"cli.opt.jobs", "Bundles graded at once in a batch (default: the number of cores)"},
    {"cli.opt.kubeconfig", "Path to the kubeconfig file to use (must exist)"},
    {"cli.opt.lang", "Language of the texts: {langs} (default: GPUWHY_LANG, then the locale)"},
    {"cli.opt.no-dry-run", "Do not send the bad manifests as server-side dry-run creates"},
    {"cli.opt.output", "Write the report to this file (written even when grading is incomplete)"},
    {"cli.opt.request-timeout", "How long to wait for each apiserver request (e.g. 10s, 1m; 0 = no limit)"},
    {"cli.opt.snapshot",
     "Grade a bundle written by `gpuwhy snapshot` instead of the live cluster; several bundles or a folder give a "
     "batch summary"},
    {"cli.opt.step", "Grade only this step (repeatable)"},
    {"cli.opt.user", "Student id for LTI and CSV reports"},
    {"cli.opt.verbose", "Show the evidence for passing checks too"},
    {"cli.opt.wait",
     "Follow the cluster (watches) and the lab folder, grading again on each change, until the selected checks pass or "
     "this time runs out"},
    {"cli.snapshot", "Collect the files and the cluster once into a JSON bundle"},
    {"cli.version", "Display program version information and exit"},
    {"cli.waiting", "waiting: {count} check(s) not passing yet, {seconds}s left"},
    {"cli.waited",
     "waited {seconds}s: {requests} apiserver request(s) in all ({watches} watch stream(s)), {bytes} bytes received, "
     "graded {grades} more time(s)"},
    {"cli.watch-fallback", "cannot watch ({reason}); taking a whole snapshot every second instead"},
    {"cli.opt.poll",
     "With --wait: take a whole new snapshot every second instead of watching (for a proxy that cuts long requests)"},
    {"cli.wrote", "wrote {file} ({count} apiserver requests, {bytes} bytes received)"},
    {"hint.env.kubeconfig",
     "Nothing was graded: the kubeconfig given with --kubeconfig could not be used. Check the path and the file "
     "(kubectl --kubeconfig PATH get nodes must answer)."},
    {"hint.env.input",
     "Nothing was graded: the bundle given to --snapshot could not be read. Check the path and that the file is a "
     "bundle written by gpuwhy snapshot."},
    {"hint.env.forbidden",
     "Not your work: the apiserver refused gpuwhy access to {what}. The account gpuwhy uses needs RBAC permission "
     "for: {rule}."},
    {"hint.env.not-collected",
     "Not your work: {what} was not collected in this run (for example --no-dry-run or a files-only run), so this "
     "check could not be evaluated."},
    {"hint.env.unauthorized",
     "Not your work: the apiserver did not accept gpuwhy's credentials while reading {what} (401). Check the user "
     "and certificates in the kubeconfig. Needed afterwards: {rule}."},
    {"hint.env.unavailable",
     "Not your work: gpuwhy could not read {what} from the cluster. Check that the control plane is running and that "
     "the kubeconfig points at it, then run gpuwhy again."},
    {"hint.file.empty", "{file} is empty. Run the command again and redirect its output into the file."},
    {"hint.file.hard-link",
     "{file} is a hard link: a second name of a file that may be outside the lab folder, so gpuwhy does not read "
     "it. Save a copy instead (cp --remove-destination FILE {file}, or save the command's output again)."},
    {"hint.file.missing", "{file} does not exist. Create it in the lab folder, as the step says."},
    {"hint.file.not-regular",
     "{file} is not a regular file (a folder or a special file). Save the output as a plain text file."},
    {"hint.file.not-text", "{file} is not text ({reason}). Save kubectl's output as plain text (UTF-8)."},
    {"hint.file.too-large",
     "{file} is larger than 1 MiB; it cannot be what the step asks for. Save only the requested output."},
    {"hint.file.unreadable",
     "{file} could not be read ({reason}). Check its permissions; keep it a regular file inside the lab "
     "folder (a link that leads outside is never followed)."},
    {"hint.gpu.init-containers",
     "{where}: its init containers ask for {resource} too ({detail}), so the scheduler counts {total} for the "
     "pod, not {amount}, and keeps them from other pods. Ask for {resource} in the app container alone."},
    {"hint.gpu.init-only",
     "{where}: only its init containers ask for {resource} ({detail}). An init container runs, and ends, before the "
     "app container starts, so the app has no GPU. Ask for {resource}: {amount} under resources.limits of the app "
     "container (spec.containers)."},
    {"hint.gpu.sidecar-only",
     "{where}: only its sidecar containers (init containers with `restartPolicy: Always`) ask for {resource} "
     "({detail}). A GPU goes to the container that asks for it, and a sidecar runs beside the app container, so the "
     "app has no GPU. Ask for {resource}: {amount} under resources.limits of the app container (spec.containers)."},
    {"hint.internal-error",
     "gpuwhy itself failed while grading this check (a bug, not your work). Please report it with the output of "
     "gpuwhy snapshot."},
    {"hint.manifest.constraint.bad-field-key",
     "{file}: {path} is {found}; matchFields takes only the key metadata.name, so the apiserver refuses the manifest."},
    {"hint.manifest.constraint.bad-key",
     "{file}: {path}: {found} is not a valid label key (such as nvidia.com/gpu.present: lower-case before the /), so "
     "the apiserver refuses the manifest."},
    {"hint.manifest.constraint.bad-namespace",
     "{file}: {path}: {found} is not a valid namespace name (lower-case letters, digits and '-', at most 63), so the "
     "apiserver refuses the manifest."},
    {"hint.manifest.constraint.bad-node-name",
     "{file}: {path}: {found} is not a valid node name (lower-case letters, digits, '-' and '.'), so the apiserver "
     "refuses the manifest."},
    {"hint.manifest.constraint.bad-operator",
     "{file}: {path} is {found}; a requirement takes In, NotIn, Exists, DoesNotExist, Gt or Lt (matchFields only In or "
     "NotIn; case matters), so the apiserver refuses the manifest."},
    {"hint.manifest.constraint.bad-value",
     "{file}: {path}: {found} is not a valid label value (letters, digits, '-', '_' and '.', at most 63, a letter or "
     "digit at each end), so the apiserver refuses the manifest."},
    {"hint.manifest.constraint.bad-weight",
     "{file}: {path} is {found}; the weight of a preferred term must be from 1 to 100, so the apiserver refuses the "
     "manifest."},
    {"hint.manifest.constraint.duplicate-label-key",
     "{file}: {path}: the key {found} is in matchLabelKeys and also in the labelSelector or in mismatchLabelKeys, so "
     "the apiserver refuses the manifest. Give each key once."},
    {"hint.manifest.constraint.label-keys-without-selector",
     "{file}: {path} needs a labelSelector in the same term, so the apiserver refuses the manifest."},
    {"hint.manifest.constraint.no-terms",
     "{file}: {path}: a required node affinity needs at least one term, so the apiserver refuses the manifest."},
    {"hint.manifest.constraint.no-topology-key",
     "{file}: {path}: a pod affinity term needs a topologyKey (such as kubernetes.io/hostname), so the apiserver "
     "refuses the manifest."},
    {"hint.manifest.constraint.not-integer",
     "{file}: {path} is {found}; it must be a whole number without quotes, so the apiserver refuses the manifest."},
    {"hint.manifest.constraint.not-list",
     "{file}: {path} must be a list (items starting with -), not {found}, so the apiserver refuses the manifest while "
     "reading it."},
    {"hint.manifest.constraint.not-object",
     "{file}: {path} must be a mapping, not {found}, so the apiserver refuses the manifest while reading it."},
    {"hint.manifest.constraint.not-string",
     "{file}: {path} holds {found}, which is not a string, so the apiserver refuses the manifest while reading it. Put "
     "the value in quotes."},
    {"hint.manifest.constraint.one-value",
     "{file}: {path} is {found}; Gt and Lt, and matchFields, take exactly one value, so the apiserver refuses the "
     "manifest."},
    {"hint.manifest.constraint.unknown-field",
     "{file}: {path} is no field Kubernetes knows there, so kubectl apply refuses the manifest. Check its spelling and "
     "case."},
    {"hint.manifest.constraint.values-forbidden",
     "{file}: {path}: the operators Exists and DoesNotExist take no values, so the apiserver refuses the manifest. "
     "Remove the values."},
    {"hint.manifest.constraint.values-required",
     "{file}: {path}: the operators In and NotIn need at least one value, so the apiserver refuses the manifest."},
    {"hint.manifest.not-single-pod", "{file} must hold exactly one object of kind Pod."},
    {"hint.manifest.resources.above-limit",
     "{file}: {path}: the request of {resource} is {found}, above its limit {limit}, so the apiserver refuses the "
     "manifest."},
    {"hint.manifest.resources.bad-name",
     "{file}: {path}: {found} is not a valid resource name (such as nvidia.com/gpu: lower-case before the /), so the "
     "apiserver refuses the manifest."},
    {"hint.manifest.resources.below-containers",
     "{file}: {path}: the pod's own {resource} is {found}, less than its containers ask together ({other}), so the "
     "apiserver refuses the manifest."},
    {"hint.manifest.resources.claim-required",
     "{file}: {path}: a claim needs a name, so the apiserver refuses the manifest."},
    {"hint.manifest.resources.claim-unknown",
     "{file}: {path}: the claim {found} names none of the pod's spec.resourceClaims, so the apiserver refuses the "
     "manifest."},
    {"hint.manifest.resources.claims-for-pod",
     "{file}: {path}: claims belong under a container's resources, not under the pod's own spec.resources, so the "
     "apiserver refuses the manifest."},
    {"hint.manifest.resources.container-above-pod",
     "{file}: {path}: a container's {resource} limit {found} is above the pod's own limit {other} in spec.resources, "
     "so the apiserver refuses the manifest."},
    {"hint.manifest.resources.hugepages-need-cpu-or-memory",
     "{file}: {path}: huge pages need a cpu or memory request or limit beside them, so the apiserver refuses the "
     "manifest."},
    {"hint.manifest.resources.hugepages-size",
     "{file}: {path} is {found}, not a whole number of {resource} pages, so the apiserver refuses the manifest."},
    {"hint.manifest.resources.limit-required",
     "{file}: {path}: {resource} is requested ({found}) with no limit; a resource that cannot be overcommitted needs "
     "its limit, so the apiserver refuses the manifest. Write it under limits."},
    {"hint.manifest.resources.negative",
     "{file}: {path} is {found}; an amount cannot be below 0, so the apiserver refuses the manifest."},
    {"hint.manifest.resources.not-equal-limit",
     "{file}: {path}: the request of {resource} is {found} and its limit {limit}; a resource that cannot be "
     "overcommitted must request exactly its limit, so the apiserver refuses the manifest."},
    {"hint.manifest.resources.not-extended",
     "{file}: {path}: {found} is not a valid extended resource name (such as nvidia.com/gpu), so the apiserver refuses "
     "the manifest."},
    {"hint.manifest.resources.not-for-containers",
     "{file}: {path}: a container cannot ask for {found}; a name without a / may only be cpu, memory, "
     "ephemeral-storage or huge pages (the GPU is nvidia.com/gpu), so the apiserver refuses the manifest."},
    {"hint.manifest.resources.not-for-pods",
     "{file}: {path}: the pod's own spec.resources may ask only for cpu, memory or huge pages, not {found}; a GPU is "
     "asked for under the container (spec.containers[].resources), so the apiserver refuses the manifest."},
    {"hint.manifest.resources.not-integer",
     "{file}: {path} is {found}; {resource} is counted in whole units (no 0.5, no 500m), so the apiserver refuses the "
     "manifest."},
    {"hint.manifest.resources.not-list",
     "{file}: {path} must be a list (items starting with -), not {found}, so the apiserver refuses the manifest while "
     "reading it."},
    {"hint.manifest.resources.not-object",
     "{file}: {path} must be a mapping, not {found}, so the apiserver refuses the manifest while reading it."},
    {"hint.manifest.resources.not-quantity",
     "{file}: {path} is {found}, which is no quantity (such as 1, 500m or 2Gi; case matters), so the apiserver refuses "
     "the manifest while reading it."},
    {"hint.manifest.resources.not-standard",
     "{file}: {path}: {found} is no resource Kubernetes knows: without a / only its own names are allowed (cpu, "
     "memory), and the GPU is nvidia.com/gpu. The apiserver refuses the manifest."},
    {"hint.manifest.resources.not-string",
     "{file}: {path} holds {found}, which is not a string, so the apiserver refuses the manifest while reading it."},
    {"hint.manifest.resources.unknown-field",
     "{file}: {path} is no field of resources, so kubectl apply refuses the manifest. resources has limits, requests "
     "and claims (case matters)."},
    {"hint.manifest.toleration.bad-effect",
     "{file}: {path} is {found}; the apiserver accepts only NoSchedule, PreferNoSchedule or NoExecute (case matters), "
     "or no effect, and refuses the manifest."},
    {"hint.manifest.toleration.bad-key",
     "{file}: {path} \"{found}\" is not a valid key, so the apiserver refuses the manifest. The taint's key is {key}: "
     "a lower-case domain, a /, and a name, with no spaces."},
    {"hint.manifest.toleration.bad-operator",
     "{file}: {path} is {found}; the apiserver accepts only Equal or Exists (case matters) and refuses the manifest."},
    {"hint.manifest.toleration.bad-value",
     "{file}: {path}: the value {found} is not a valid label value (letters, digits, '-', '_' and '.', at most 63, a "
     "letter or digit at each end), so the apiserver refuses the manifest."},
    {"hint.manifest.toleration.empty-key-needs-exists",
     "{file}: {path}: a toleration without a key must have operator Exists, so the apiserver refuses the manifest. "
     "Give the taint's key: key: {key}."},
    {"hint.manifest.toleration.not-integer",
     "{file}: {path} is {found}; the apiserver takes only a whole number of seconds, without quotes, and refuses the "
     "manifest."},
    {"hint.manifest.toleration.not-object",
     "{file}: {path} must be a mapping with key, operator, value and effect, not {found}; the apiserver refuses the "
     "manifest."},
    {"hint.manifest.toleration.not-string",
     "{file}: {path} is {found}, not a string, so the apiserver refuses the manifest while reading it. Put the value "
     "in quotes."},
    {"hint.manifest.toleration.seconds-need-noexecute",
     "{file}: {path}: tolerationSeconds is allowed only with effect NoExecute, so the apiserver refuses the manifest. "
     "Remove tolerationSeconds."},
    {"hint.manifest.toleration.unknown-field",
     "{file}: {path} is no field of a toleration, so kubectl apply refuses the manifest. A toleration has key, "
     "operator, value, effect and tolerationSeconds (case matters)."},
    {"hint.manifest.toleration.value-with-exists",
     "{file}: {path}: operator Exists takes no value (found {found}), so the apiserver refuses the manifest. Remove "
     "value, or use operator Equal."},
    {"hint.manifest.wrong-name", "{file} names the pod \"{name}\"; the lab expects metadata.name: {pod}."},
    {"hint.manifest.api-version",
     "{file} has apiVersion: {found}; a Pod is apiVersion: v1, so kubectl refuses this file (no Pod in that version) "
     "and it did not create the pod. Write apiVersion: v1."},
    {"hint.manifest.api-version-missing",
     "{file} has no apiVersion, so kubectl refuses it (apiVersion not set) and it did not create the pod. Add "
     "apiVersion: v1 at the top."},
    {"hint.manifest.field.misplaced",
     "{file}: {path} is written in the wrong place: it is a field of {known}, so kubectl apply refuses the whole "
     "manifest while reading it. Move it under {known} (the indentation decides where a field belongs)."},
    {"hint.manifest.field.spelled",
     "{file}: {path}: Kubernetes spells this field {known} exactly (case and a plural's s matter), so kubectl apply "
     "refuses the whole manifest while reading it."},
    {"hint.manifest.field.unknown",
     "{file}: {path} is no field a Pod has there, so kubectl apply refuses the whole manifest while reading it. Check "
     "its spelling, case and indentation."},
    {"hint.manifest.field.wrong-type",
     "{file}: {path} holds {found}, but Kubernetes reads it as {known}, so kubectl apply refuses the whole manifest "
     "while reading it."},
    {"hint.manifest.other-namespace",
     "{file} puts the pod in namespace {found}, not {namespace}: kubectl creates it there (and with -n {namespace} "
     "refuses the file), so this file is not the one behind the lab's pod. Write namespace: {namespace} under "
     "metadata, or leave it out and use -n {namespace}."},
    {"hint.manifest.yaml-error-at",
     "{file} is not valid YAML: the parser stopped at line {line}, column {column}. Check the indentation (spaces, "
     "never tabs) and the brackets and quotes around there."},
    {"hint.manifest.yaml-error", "{file} is not valid YAML: {reason}"},
    {"hint.manifest.yaml-control",
     "{file} has an invisible control character at line {line}, column {column} (one a terminal or a copy left "
     "behind), and kubectl's YAML reader allows none, not even in a comment, so kubectl refuses the whole file. Delete "
     "it: retype that line."},
    {"hint.manifest.yaml-tab",
     "{file} has a tab character at line {line}, column {column}, where kubectl's YAML reader allows none, so kubectl "
     "refuses the whole file. Indent with spaces only."},
    {"hint.manifest.yaml-escape",
     "{file} has an escape that kubectl's YAML reader does not know at line {line}, column {column}, in a string in "
     "double quotes, so kubectl refuses the whole file. Write the character itself, or use single quotes."},
    {"hint.manifest.yaml-directive",
     "{file} has a `%` directive at line {line}. kubectl reads each document on its own and refuses the file. Delete "
     "that line."},
    {"hint.manifest.yaml-merge",
     "{file} has a merge key (`<<`) at line {line}, column {column} whose value is not a map or a list of maps, so "
     "kubectl refuses the whole file. Merge an anchored map (`<<: *name`), or write the keys out."},
    {"hint.manifest.yaml-number",
     "{file} has `.inf` or `.nan` at line {line}, column {column}: kubectl's YAML reader takes it for a number JSON "
     "cannot hold and refuses the whole file. Write a number, or quote it (\".inf\") if you mean the text."},
    {"hint.manifest.yaml-separator",
     "{file} has text after `---` at line {line}; kubectl allows only a comment there and refuses the file. Move that "
     "text to the next line."},
    {"hint.node-missing",
     "There is no node {node} in the cluster. Is the lab cluster the one your kubeconfig points at?"},
    {"hint.pending.cordoned",
     "{node} is cordoned (spec.unschedulable: true): the scheduler turns {pod} away from it before it looks at the "
     "taint or the GPUs, so {pod} does not wait for what the lab shows. Run kubectl uncordon {node}."},
    {"hint.placed.gated",
     "{pod} waits at its scheduling gates ({gates}): the scheduler has not tried to place it. Delete {pod}, remove "
     "schedulingGates from {file} and create it again."},
    {"hint.placed.after-taint",
     "{pod} was created after {node} got the taint {taint}: it has no toleration (step 4 needs none), so the "
     "scheduler keeps it off, and NoSchedule keeps only new pods off. Remove the taint (kubectl taint node {node} "
     "{taint}-), create {pod} again, then taint the node again (step 5).{part_cpu_only}"},
    {"hint.placed.pending-before-taint",
     "{pod} could not be placed when it was made (its first refusal: {first}), and the taint {taint}, added since, "
     "now keeps it off too: NoSchedule keeps off only pods not yet placed, and {pod} needs no toleration. Remove the "
     "taint (kubectl taint node {node} {taint}-), delete {pod} and create it again, then taint the node again (step "
     "5).{part_cpu_only}"},
    {"hint.placed.after-taint-taken",
     "{pod} was created after {node} got the taint {taint}: it has no toleration (step 4 needs none), so the "
     "scheduler keeps it off, and {holders}, made after it, took the {node} GPUs it was meant to hold. Delete them "
     "({commands}), remove the taint (kubectl taint node {node} {taint}-), create {pod} again, taint the node again "
     "(step 5), then create {holders} again (steps 6 and 7).{part_cpu_only}"},
    {"hint.pending.bound-before-taint",
     "{pod} runs on {bound}, which now carries a taint it does not tolerate: it was placed before the taint, and "
     "NoSchedule only keeps new pods off. Delete {pod} and create it again (kubectl -n {namespace} delete pod {pod}, "
     "then apply its manifest): it must stay Pending."},
    {"hint.pending.bound-before-labels",
     "{pod} runs on {bound}, which its nodeSelector no longer matches: it was placed while {bound} had the labels. "
     "A pod is placed once, so moving labels moves nothing. Delete {pod} and create it again."},
    {"hint.pending.gated",
     "{pod} waits at its scheduling gates ({gates}): the scheduler has not tried it, so it has no scheduler message. "
     "Delete {pod}, remove schedulingGates from its manifest and create it again."},
    {"hint.pending.deleting",
     "{pod} is being deleted (kubectl delete, with a finalizer holding it): it is no longer the Pending pod the lab "
     "means. Let the deletion finish, then create {pod} again from its file."},
    {"hint.pending.not-evaluated",
     "{pod} has no PodScheduled=False/Unschedulable condition yet: is the scheduler running? Wait a few seconds and "
     "check again (kubectl -n {namespace} get pod {pod} -o yaml)."},
    {"hint.placed.condition",
     "{pod} is bound but its PodScheduled condition is not True, so the scheduler did not place it. Recreate it "
     "without nodeName.{part_taint}{part_order}"},
    {"hint.placed.constrained",
     "{pod} has {fields}. Remove it and recreate the pod: the GPU request alone must lead the scheduler to "
     "{node}.{part_taint}{part_order}"},
    {"hint.placed.node-name",
     "{pod} names its node itself (spec.nodeName), which skips the scheduler. Remove nodeName from {file} and "
     "recreate the pod.{part_taint}{part_order}"},
    {"hint.placed.node-name-live",
     "{pod} was created with spec.nodeName, set by {manager}, which skips the scheduler. {file} no longer names a "
     "node, but the pod running is the old one: delete it (kubectl -n {namespace} delete pod {pod}) and apply {file} "
     "again.{part_taint}{part_order}"},
    {"hint.placed.not-bound-toleration",
     "{pod} has no node yet and the scheduler still blames the taint on {node}: {pod}'s toleration does not "
     "match it. Compare key, value, operator and effect with kubectl describe node {node} (Taints)."},
    {"hint.placed.not-bound-untolerant",
     "{pod} has no node yet: the scheduler blames the taint on {node}, and {pod} has no toleration for it. Add the "
     "toleration for {taint} to {file} and create {pod} again."},
    {"hint.placed.not-bound-selector",
     "{pod} has no node yet: its {fields} does not match the labels of {node}, so the scheduler cannot place it "
     "there. Correct or remove {fields} in {file} and create {pod} again."},
    {"hint.placed.not-bound-labels",
     "{pod} has no node yet: its {fields} asks for the lab's GPU labels, and {node} does not carry them as step 1 "
     "sets them, so the scheduler cannot place it there. Fix the labels of {node} (step 1)."},
    {"hint.placed.not-bound-taken",
     "{pod} has no node yet: other pods hold the {resource} of {node} it would fit in ({holders}). Delete {holders} "
     "({commands}), and the scheduler places {pod} on {node}.{part_again}"},
    {"hint.placed.not-bound",
     "{pod} has no node yet. Look at its PodScheduled message (kubectl -n {namespace} describe pod {pod}); if it "
     "says Insufficient {resource}, check that {node} advertises {resource} in allocatable (step 2)."},
    {"hint.placed.manifest-elsewhere",
     "{pod} runs on {node}, but {file} asks for nodes {node} is not ({detail}): applied as saved, {pod} would stay "
     "Pending. The pod running was made from another version of the file. Fix {file} so that {node} matches it."},
    {"hint.placed.wrong-node",
     "{pod} runs on another node than {node}. Only {node} should advertise {resource}; check step 2 and recreate "
     "the pod.{part_taint}{part_order}"},
    {"hint.pod-missing",
     "There is no pod {pod} in namespace {namespace}. Create it with kubectl apply -f and -n {namespace} (or "
     "metadata.namespace in the manifest)."},
    {"hint.scheduler-file.also-other-kind",
     "{file} holds a message of the right kind and also one of the other kind (the one shown): another pod's, or an "
     "earlier try of {pod} (describe and events keep them). The file must hold {pod}'s current message alone: save "
     "it again with kubectl -n {namespace} get pod {pod} -o "
     "jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}' > {file}"},
    {"hint.scheduler-file.cut",
     "The message in {file} is cut short: its reasons stop before the period that ends them. kubectl get pod -o yaml "
     "folds a long message over several lines, and grep keeps only the first. Save the whole message: kubectl -n "
     "{namespace} get pod {pod} -o jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}' > {file}"},
    {"hint.scheduler-file.no-live-message",
     "{pod} has no scheduler message now (it is not Pending any more), so {file} no longer describes the cluster. "
     "Restore the state of the step and save the message again."},
    {"hint.scheduler-file.no-message",
     "{file} holds no scheduler message (\"0/3 nodes are available: ...\"). Save the PodScheduled message of {pod}: "
     "kubectl -n {namespace} get pod {pod} -o jsonpath='{.status.conditions[?(@.type==\"PodScheduled\")].message}' > "
     "{file}."},
    {"hint.scheduler-file.gated",
     "{file} holds the condition {pod} had while a scheduling gate held it back (\"Scheduling is blocked due to "
     "non-empty scheduling gates\"): no scheduler had tried it, so nothing in it is a scheduler message. Delete "
     "{pod}, remove schedulingGates from its manifest, create it again and save its PodScheduled message then."},
    {"hint.scheduler-file.stale",
     "The reasons in {file} differ from {pod}'s live message ({live}). Save the current message again."},
    {"hint.scheduler-file.wrong-kind-insufficient",
     "The message in {file} does not say Insufficient {resource}. Save trainer3's message while both GPUs are in "
     "use."},
    {"hint.scheduler-file.wrong-kind-taint",
     "The message in {file} does not blame the taint. Save cpu-only's message while it is Pending because of the "
     "taint."},
    {"hint.step1.gpu-labels.case",
     "Label values are case-sensitive: {labels}. Use the values exactly as the lab writes them, with --overwrite."},
    {"hint.step1.gpu-labels.fix",
     "{node} lacks GPU labels or has other values. Set them: kubectl label node {node} {labels} --overwrite."},
    {"hint.step1.gpu-labels.wrong-node",
     "The GPU labels are on {other}, not on {node}. Label {node} and remove them from {other} (kubectl label node "
     "{other} {remove})."},
    {"hint.step1.namespace.missing",
     "Namespace {namespace} does not exist. Create it: kubectl create namespace {namespace}."},
    {"hint.step1.namespace.terminating",
     "Namespace {namespace} is being deleted. Wait until it is gone, then create it again and redo the steps."},
    {"hint.step1.other-nodes-clean",
     "Only {node} is a GPU node, but other nodes carry GPU labels. Remove them: {commands} (the trailing minus "
     "removes a label)."},
    {"hint.step2.advertised-file.capacity-only",
     "{file} shows {node} with {resource} in capacity but not in allocatable, and the scheduler uses allocatable: "
     "capacity alone gives it no room. Patch /status/allocatable/nvidia.com~1gpu to \"{amount}\" as well "
     "(--subresource=status), then save the amounts again."},
    {"hint.step2.advertised-file.backslash",
     "Every node shows <none>: the shell most likely removed the backslash in nvidia\\.com/gpu, so kubectl looked up "
     "a key named nvidia. Put the whole -o argument in single quotes: -o "
     "'custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\\.com/gpu'."},
    {"hint.step2.advertised-file.bare-numbers",
     "{file} has numbers but no node names, so nobody can tell which node has which amount. Print the name too, e.g. "
     "-o 'custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\\.com/gpu'."},
    {"hint.step2.advertised-file.missing-nodes",
     "{file} does not name every node of the cluster; missing: {nodes}. Save the amounts of all nodes (kubectl get "
     "nodes ...), not just one."},
    {"hint.step2.advertised-file.unknown-nodes",
     "{file} names nodes that are not in this cluster: {nodes}. Save the output again from the lab cluster."},
    {"hint.step2.advertised-file.unreadable",
     "gpuwhy could not read {file} ({reason}). Save kubectl's output as it prints it: a table (custom-columns), "
     "jsonpath output with the node name, -o json, -o yaml or kubectl describe nodes."},
    {"hint.step2.advertised-file.wrong-amount",
     "{file} shows amounts the lab does not expect: {wrong}. {node} should show {amount} and the other nodes "
     "nothing. Save the file again after patching node status."},
    {"hint.step2.allocatable.capacity-only",
     "Capacity is set but allocatable is not: the scheduler uses allocatable, so it sees no GPU on {node} and GPU "
     "pods stay Pending. Patch /status/allocatable/nvidia.com~1gpu to \"{amount}\" as well (same command, "
     "--subresource=status)."},
    {"hint.step2.allocatable.missing",
     "{node} advertises no {resource} at all. Patch both /status/capacity/nvidia.com~1gpu and "
     "/status/allocatable/nvidia.com~1gpu to \"{amount}\" with kubectl patch node {node} --subresource=status "
     "--type=json."},
    {"hint.step2.allocatable.no-pods",
     "{node}'s status.allocatable has {resource} but no room for any pod: the patch replaced the whole map and "
     "dropped {dropped}, so the scheduler turns every pod away from {node} (Too many pods). Put them back as "
     "capacity has them: kubectl patch node {node} --subresource=status --type=merge -p '{restore}'. Add the GPUs "
     "with op add on /status/allocatable/nvidia.com~1gpu; never replace /status/allocatable."},
    {"hint.step2.allocatable.wrong-value",
     "{node} advertises another amount in allocatable. Patch /status/allocatable/nvidia.com~1gpu again with "
     "\"{amount}\"."},
    {"hint.step2.capacity.missing",
     "{node} does not advertise the GPUs in status.capacity. Patch the status subresource: kubectl patch node {node} "
     "--subresource=status --type=json -p "
     "'[{\"op\":\"add\",\"path\":\"/status/capacity/nvidia.com~1gpu\",\"value\":\"{amount}\"}]'. Without "
     "--subresource=status the change is dropped."},
    {"hint.step2.capacity.other-node",
     "{node} does not advertise the GPUs in status.capacity, but {others} does: the status patch went to another "
     "node. Patch {node} (kubectl patch node {node} --subresource=status --type=json -p "
     "'[{\"op\":\"add\",\"path\":\"/status/capacity/nvidia.com~1gpu\",\"value\":\"{amount}\"}]', and the "
     "same for /status/allocatable), then remove {resource} from {others}."},
    {"hint.step2.capacity.wrong-value",
     "{node} advertises another amount in capacity. Patch /status/capacity/nvidia.com~1gpu again with \"{amount}\"."},
    {"hint.step2.other-nodes",
     "Only {node} has GPUs. Remove {resource} from the other nodes' status (JSON patch op remove on "
     "/status/capacity/nvidia.com~1gpu and /status/allocatable/nvidia.com~1gpu, --subresource=status)."},
    {"hint.step3.apiserver-rejects.accepted",
     "The apiserver accepted {file}: it does not break the rule it is meant to show. Compare it with the step text "
     "and change the {resource} amounts."},
    {"hint.step3.apiserver-rejects.no-namespace",
     "The dry-run of {file} failed because namespace {namespace} does not exist. Create the namespace first (step "
     "1)."},
    {"hint.step3.apiserver-rejects.not-sent",
     "{file} was not sent to the apiserver because it is missing or is not a single Pod. Fix the manifest first."},
    {"hint.step3.apiserver-rejects.wrong-reason-fraction",
     "The apiserver refused {file}, but not because the {resource} amount is a fraction. Keep the manifest valid "
     "otherwise and use an amount such as 0.5."},
    {"hint.step3.apiserver-rejects.wrong-reason-mismatch",
     "The apiserver refused {file}, but not because requests differ from limits of {resource}. Keep both whole "
     "numbers and make them differ."},
    {"hint.step3.fraction-manifest.no-gpu",
     "{file} does not ask for {resource}. Set it under resources.limits with a fraction such as 0.5."},
    {"hint.step3.fraction-manifest.whole",
     "Every {resource} amount in {file} is a whole number, so this rule is not tested. Use a fraction such as 0.5 or "
     "500m."},
    {"hint.step3.mismatch-manifest.equal",
     "In {file} requests and limits of {resource} are equal, so the pod is valid. Make them differ (e.g. requests 2, "
     "limits 1) to see the rule refuse it."},
    {"hint.step3.mismatch-manifest.fractional",
     "{file} uses a fraction; that is the other rule (bad-fraction.yaml). Use two different whole numbers here."},
    {"hint.step3.mismatch-manifest.negative",
     "{file} uses a negative amount, which the apiserver refuses for its own reason (must be greater than or equal "
     "to 0). Use two different whole numbers of 0 or more here, such as requests 1 and limits 2."},
    {"hint.step3.mismatch-manifest.needs-both",
     "{file} must set {resource} under both resources.requests and resources.limits of a container, with two "
     "different whole numbers. With limits only, requests are copied from limits and the pod is valid."},
    {"hint.step3.not-created.exists",
     "Pod(s) {pods} exist: a bad manifest was changed until the apiserver accepted it. Restore the rule-breaking "
     "amounts and delete the pod(s)."},
    {"hint.step3.not-created.no-names",
     "gpuwhy reads the pod names from {mismatch_file} and {fraction_file}; neither could be read. Write the "
     "manifests first."},
    {"hint.step3.not-quantity",
     "{file} gives {resource} as {value}, which is no Kubernetes quantity: the apiserver refuses the manifest while "
     "reading it, before this rule is checked. Write the amount as a number or a quantity, such as 2, 0.5 or 500m."},
    {"hint.step3.rejected-file.empty",
     "{file} is empty: kubectl writes errors to stderr, which > alone does not capture. Run kubectl apply -f ... > "
     "{file} 2>&1 for the first manifest and ... >> {file} 2>&1 for the second."},
    {"hint.step3.rejected-file.neither",
     "{file} holds no rejection for either rule of this step: \"must be equal to {resource} limit\" and \"must be "
     "an integer\" on an {resource} field. Apply k8s/bad-mismatch.yaml and k8s/bad-fraction.yaml and save what "
     "kubectl prints (> {file} 2>&1 for the first, >> {file} 2>&1 for the second)."},
    {"hint.step3.rejected-file.no-fraction",
     "{file} lacks the \"must be an integer\" rejection of an {resource} field. Apply k8s/bad-fraction.yaml and "
     "append its message (>> {file} 2>&1)."},
    {"hint.step3.rejected-file.no-mismatch",
     "{file} lacks the \"must be equal to {resource} limit\" rejection. Apply k8s/bad-mismatch.yaml and append "
     "its message (>> {file} 2>&1)."},
    {"hint.step3.rejected-file.no-rejection",
     "{file} holds no apiserver rejection. Apply both bad manifests and save what kubectl prints, including stderr "
     "(2>&1)."},
    {"hint.step3.rejected-file.other-pods",
     "{file} holds rejections of {pods}, a pod neither bad manifest creates ({mismatch_file} and {fraction_file} "
     "name {names}): they were saved from another try. Apply the two manifests as they are now and save what "
     "kubectl prints (> {file} 2>&1 for the first, >> {file} 2>&1 for the second)."},
    {"hint.step3.rejected-file.other-result",
     "{file} holds one rejection; the other command printed no rejection but this: {result}. Both bad manifests must "
     "reach the apiserver and be refused: fix the manifest that line is about, apply it again and append its "
     "message (>> {file} 2>&1)."},
    {"hint.step3.rejected-file.overwritten",
     "{file} holds only one rejection: the second command most likely overwrote the first. Use > for the first and "
     ">> (append) for the second, both with 2>&1."},
    {"hint.step4.manifest.constraint",
     "{file} uses {fields}. Remove it: trainer must reach the GPU node through its resources "
     "alone.{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.manifest.containers-sum",
     "{file} asks for {resource} in several containers ({detail}), and the scheduler adds them up: the pod asks for "
     "{total}. Ask for {amount} in one container only.{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.manifest.limit",
     "{file} must ask for {resource}: {amount} under resources.limits.{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.manifest.requests-and-constraint",
     "{file} sets {resource} under requests and pins the pod with {fields}. Keep only limits ({resource}: {amount}) "
     "and remove {fields}: the point is that the apiserver fills requests and that resources alone choose the "
     "node.{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.manifest.requests-set",
     "{file} sets {resource} under requests. Write it under limits only: the apiserver copies limits into requests "
     "for you, which is what this step shows.{part_recreate}{part_taint}{part_order}"},
    {"hint.step4.requests-defaulted.written",
     "{pod} was created from a manifest that wrote requests ({resource}: {amount}, its "
     "last-applied-configuration shows it): the apiserver filled nothing in. Delete {pod} and apply {file}, which "
     "asks under limits alone, to see the apiserver copy the limit into requests.{part_taint}{part_order}"},
    {"hint.step4.requests-defaulted",
     "The live {pod} does not have {resource} requests and limits of {amount}. Recreate it from the manifest "
     "(kubectl delete pod {pod} -n {namespace}, then apply) and look at its requests with -o yaml."},
    {"hint.step5.cpu-only-pending.not-taint",
     "cpu-only's message does not blame the taint. It should say that {node} has an untolerated taint; check the "
     "taint (step 5) and that cpu-only asks for no GPU."},
    {"hint.step5.cpu-only-pending.scheduled",
     "cpu-only got a node ({bound}). Either the taint is missing on {node}, cpu-only tolerates it, or the GPU labels "
     "are on another node. Fix that, then recreate cpu-only."},
    {"hint.step5.cpu-only-spec.does-not-fit",
     "{file}: even with no taint cpu-only would not fit {node} ({detail}), so its Pending proves nothing about the "
     "taint. Ask only for what {node} has free.{part_recreate}"},
    {"hint.step5.cpu-only-spec.pod-affinity",
     "{file}: {detail} keeps cpu-only off {node} because of the pods that run there, so cpu-only would stay off the "
     "GPU node without any taint and its Pending proves nothing about the taint. Remove this required "
     "term.{part_recreate}"},
    {"hint.step5.cpu-only-spec.excludes-node",
     "{file}: {detail} rules out {node} even with the lab's labels on it, so cpu-only would stay off the GPU node "
     "without any taint and its Pending proves nothing about the taint. Keep only nodeSelector "
     "{selector}.{part_recreate}"},
    {"hint.step5.cpu-only-spec.gated",
     "{file}: spec.schedulingGates {detail} holds cpu-only back before the scheduler tries any node, so no message "
     "can name the taint. Remove schedulingGates.{part_recreate}"},
    {"hint.step5.cpu-only-spec.gpu",
     "cpu-only must not ask for {resource} ({detail}). Remove it from resources, otherwise the Pending reason is no "
     "longer the taint alone.{part_recreate}"},
    {"hint.step5.cpu-only-spec.node-name",
     "{file} sets spec.nodeName: {detail}. A pod given a node skips the scheduler, and with it the taint: remove "
     "nodeName and let the scheduler keep cpu-only Pending.{part_recreate}"},
    {"hint.step5.cpu-only-spec.selector",
     "cpu-only needs nodeSelector {selector} (found: {detail}) so that it aims at the GPU node.{part_recreate}"},
    {"hint.step5.cpu-only-spec.spread",
     "{file}: {detail}: with the pods that run on {node} and the nodes it counts, cpu-only there would exceed "
     "maxSkew, so it would stay off the GPU node without any taint and its Pending proves nothing about the taint. "
     "Remove this spread constraint.{part_recreate}"},
    {"hint.step5.cpu-only-spec.spread-label",
     "{file}: {detail}: {node} has no label of this topologyKey, so the spread keeps cpu-only off it even with no "
     "taint and its Pending proves nothing about the taint. Remove this spread constraint.{part_recreate}"},
    {"hint.step5.cpu-only-spec.toleration",
     "cpu-only must not tolerate the taint {taint} ({detail}); remove the toleration so that the taint keeps it off "
     "the GPU node.{part_recreate}"},
    {"hint.step5.cpu-only-spec.unquoted",
     "The nodeSelector value must be the string \"true\" in quotes; unquoted, YAML reads it as the boolean "
     "{detail} and the apiserver refuses it.{part_recreate}"},
    {"hint.step5.taint.extra",
     "{node} has the lab's taint {taint} and, with the same key, also {extra}. Remove the extra one: kubectl taint "
     "node {node} {remove}"},
    {"hint.step5.taint.missing",
     "{node} has no {key} taint. Add it: kubectl taint node {node} {taint}. Do not remove it to get pods scheduled."},
    {"hint.step5.taint.noexecute",
     "The taint on {node} has effect NoExecute, which evicts running pods that do not tolerate it (trainer). Use "
     "NoSchedule: kubectl taint node {node} {key}:NoExecute- then kubectl taint node {node} {taint}.{part_cpu_only}"},
    {"hint.step5.taint.other-nodes",
     "Only {node} should carry the {key} taint; also found: {others}. Remove it there: "
     "{commands}."},
    {"hint.step5.taint.wrong-effect",
     "The {key} taint on {node} must have effect {effect}. Remove it (kubectl taint node {node} {key}-) and add "
     "{taint}.{part_cpu_only}"},
    {"hint.step5.taint.wrong-value",
     "The {key} taint on {node} has another value than {value}. Set the value in one step: kubectl taint node {node} "
     "{taint} --overwrite (removed first, the taint would let the Pending pods in for a moment)."},
    {"hint.step5.tainted-file.insufficient",
     "{file} holds an Insufficient {resource} message: that is trainer3's message (step 7). Save cpu-only's message "
     "here."},
    {"hint.step5.trainer-not-evicted.gone",
     "{pod} no longer exists. A NoSchedule taint never removes running pods; recreate {pod} (step 4) and do not "
     "delete it.{part_taint}{part_order}"},
    {"hint.step5.trainer-not-evicted.not-created",
     "{pod} does not exist and no event names it: it has not been created yet, or was deleted long ago. Create it "
     "(step 4) and leave it running: a NoSchedule taint never removes running pods.{part_taint}{part_order}"},
    {"hint.step5.trainer-not-evicted.moved",
     "{pod} is not running on {node}. Recreate it as in step 4 before tainting the node.{part_taint}{part_order}"},
    {"hint.step5.trainer-not-evicted.never-scheduled",
     "{pod} has never been scheduled, so there was nothing to keep: make step 4 work first (its check "
     "says why the scheduler did not put {pod} on {node})."},
    {"hint.step5.trainer-not-evicted.deleting",
     "{pod} is being deleted (kubectl delete, with a finalizer holding it): no taint removes it, a NoSchedule taint "
     "never removes running pods. Let it go, create {pod} again from its file (step 4) and leave it running."},
    {"hint.step5.trainer-not-evicted.noexecute",
     "{pod} was evicted or is being deleted: a NoExecute taint evicts pods that do not tolerate it. Use NoSchedule, "
     "then recreate {pod}."},
    {"hint.step5.trainer-not-evicted.noexecute-other",
     "{pod} was evicted: {node} carries {taint}, a NoExecute taint {pod} does not tolerate, and a NoExecute taint "
     "evicts pods that do not tolerate it (the lab's NoSchedule taint never does). Remove it (kubectl taint node "
     "{node} {taint_key}-), then create {pod} again from its file (step 4)."},
    {"hint.step6.gate-kept.cpu-only-scheduled",
     "cpu-only is no longer Pending. The taint must keep it off {node}; check the taint and that cpu-only has no "
     "toleration, then recreate it."},
    {"hint.step6.gate-kept.taint-changed",
     "The taint on {node} is now {found}, not {taint}. Put the lab's taint back (remove the other with kubectl taint "
     "node {node} {key}-)."},
    {"hint.step6.gate-kept.taint-not-added",
     "{node} does not carry the {taint} taint yet. Add it (kubectl taint node {node} {taint}, step 5); tolerations, "
     "not removing the taint, let GPU pods in."},
    {"hint.step6.gate-kept.taint-removed",
     "The {taint} taint is no longer on {node}. Put it back (kubectl taint node {node} {taint}); tolerations, not "
     "removing the taint, let GPU pods in."},
    {"hint.part.recreate-under-taint",
     " {taint_node} carries {taint}, which {pod} does not tolerate, so a new {pod} would stay Pending: remove the "
     "taint before you create it (kubectl taint node {taint_node} {taint_key}-) and put it back afterwards, as in step "
     "5.{part_cpu_only}"},
    {"hint.part.create-again", " Then create {again} again from its file."},
    {"hint.part.recreate-live",
     " {recreate_pod} already exists, and the apiserver refuses most changes to a pod's spec (kubectl apply says "
     "Forbidden): delete it (kubectl delete pod -n {namespace} {recreate_pod}) and create it again from the fixed "
     "file."},
    {"hint.part.cpu-only-first",
     " Delete cpu-only before the taint comes off (kubectl delete pod -n {namespace} cpu-only) and apply "
     "k8s/cpu-only.yaml again once it is back: the taint is all that keeps cpu-only off lab-node-0."},
    {"hint.part.recreate-trainer3-first",
     " Delete {waiting} first, or it takes the GPU you free, and create it again last."},
    {"hint.step6.gpu.live",
     "The live {pod} does not have {resource} requests and limits of {amount}. Recreate it from "
     "{file}.{part_taint}{part_order}"},
    {"hint.step6.gpu.manifest",
     "{file} must ask for {resource}: {amount} (under limits; requests, if written, equal to it)."},
    {"hint.step6.toleration.missing",
     "{pod} has no toleration for {key}. Add one under spec.tolerations: key {key}, operator Equal, value {value}, "
     "effect {effect}."},
    {"hint.step6.toleration.too-broad",
     "{pod} has a toleration without a key and with operator Exists: it tolerates every taint on every node. "
     "Tolerate only key {key} (operator Equal, value {value}, effect {effect}).{part_recreate_tolerations}"},
    {"hint.step6.toleration.too-broad-effect",
     "{pod} has a toleration without a key, with operator Exists and effect {effect}: it tolerates every {effect} "
     "taint on every node, whatever its key. Tolerate only key {key} (operator Equal, value {value}, effect "
     "{effect}).{part_recreate_tolerations}"},
    {"hint.step6.toleration.wrong-effect-seconds",
     "{pod}'s toleration for {key} names the effect NoExecute with tolerationSeconds, which only a NoExecute "
     "toleration may have: add a toleration for {key} with effect {effect} (or none) and no "
     "tolerationSeconds.{part_recreate_tolerations}"},
    {"hint.step6.toleration.wrong-effect",
     "{pod}'s toleration for {key} names another effect than {effect}; leave effect empty or write "
     "{effect}.{part_recreate_tolerations}"},
    {"hint.step6.toleration.wrong-key",
     "{pod}'s toleration names the key {found}, but the taint's key is {key}: a toleration matches only its exact key, "
     "case included. Write key: {key} (operator Equal, value {value}, effect {effect}).{part_recreate_tolerations}"},
    {"hint.step6.toleration.wrong-value",
     "{pod}'s toleration for {key} has another value than the taint ({value}). With operator Equal the value must "
     "match exactly.{part_recreate_tolerations}"},
    {"hint.step7.exhausted-file.taint",
     "The message in {file} blames the taint: it is cpu-only's message, or trainer3 lacked the toleration. Save "
     "trainer3's message once it says Insufficient {resource}."},
    {"hint.step7.pending-insufficient.not-insufficient",
     "trainer3's message does not say Insufficient {resource}. Check that it asks for one GPU like trainer2 and that "
     "both GPUs of {node} are in use."},
    {"hint.step7.pending-insufficient.scheduled",
     "trainer3 got a node ({bound}): a GPU slot was still free. Both trainer and trainer2 must run on {node}, and "
     "{node} must advertise exactly 2."},
    {"hint.step7.pending-insufficient.taint",
     "trainer3's message blames the taint: trainer3 does not tolerate it. Give it trainer2's toleration so that the "
     "only reason left is resources."},
    {"hint.step7.same-as-trainer2.differs",
     "{where} differs from {other} in: {fields}. Copy {other_file} and change only the name.{part_recreate}"},
    {"hint.step7.same-as-trainer2.no-trainer2-manifest",
     "trainer3 is compared with {other_file}, which is missing or invalid. Fix step 6 first."},
    {"hint.step7.same-as-trainer2.trainer2-changed",
     "Live {other} is not what {other_file} says: its {fields} changed after the file was applied (kubectl patch "
     "or kubectl edit), and {pod} follows the file. Recreate {other} from {other_file}, or write the change into both "
     "files and recreate both pods."},
    {"hint.step7.same-as-trainer2.tolerations",
     "{where}: the tolerations differ from {other}'s. Copy trainer2's toleration; without it the Pending reason "
     "would be the taint again, not resources.{part_recreate_tolerations}"},
    {"hint.step8.allocatable.differs",
     "ALLOCATABLE is {value} but {node} has {live} {resource} in status.allocatable. Read it from the cluster: "
     "kubectl get node {node} -o jsonpath='{.status.allocatable.nvidia\\.com/gpu}'."},
    {"hint.step8.format.duplicates", "Key(s) written more than once: {duplicates}. Write each key once."},
    {"hint.step8.format.line-count", "{file} must have exactly seven non-blank lines, one per key."},
    {"hint.step8.format.malformed",
     "These lines are not KEY=VALUE or KEY: VALUE: {lines}. Write one key and its value per line, nothing else."},
    {"hint.step8.format.missing-keys", "Missing key(s): {missing}. Write all seven: {keys}."},
    {"hint.step8.format.unknown-keys", "Unknown key(s): {unknown}. The seven keys are {keys}."},
    {"hint.step8.fractional.affirmative",
     "\"{value}\" says fractions are allowed, but step 3 showed the apiserver refusing 0.5 of {resource}: extended "
     "resources are whole numbers."},
    {"hint.step8.fractional.unknown",
     "\"{value}\" is not one of the accepted answers. Write one word such as no, rejected or forbidden (불가, 거절, "
     "금지)."},
    {"hint.step8.key-conflict", "{key} appears more than once in {file} with different values; keep one line."},
    {"hint.step8.key-missing", "{file} has no {key} line (or the file cannot be read). Add {key}=VALUE."},
    {"hint.step8.several-counts",
     "{key}={value} names more than one count, or hedges it: write the one number the cluster shows now."},
    {"hint.step8.not-a-number", "{key} must be a whole number counted from the cluster; found \"{value}\"."},
    {"hint.step8.ambiguous",
     "{key}={value} holds two answers at once (a yes and a no, or both numbers and devices), or none at all: write one "
     "answer."},
    {"hint.step2.advertised-file.saved-before-patch",
     "Every row of {file} shows <none>, but {node} advertises {live} {resource} now: the file was saved before the "
     "step-2 patch (or the shell ate the backslash of nvidia\\.com/gpu). Run the command again now, with the -o "
     "argument in single quotes, and save its output."},
    {"hint.taint.wrong-key",
     "{node} has the taint {found}, which is not the lab's: nothing tolerates it on purpose. Remove it (kubectl "
     "taint node {node} {remove}) and add {taint}."},
    {"hint.taint.changed",
     "{node}'s taint of the key is {found}, not the lab's {taint}: {pod} tolerates the lab's taint, and the "
     "scheduler keeps it off {node} because the taint changed. Fix the taint (step 5): kubectl taint node {node} "
     "{remove} && kubectl taint node {node} {taint}"},
    {"hint.taint.foreign-beside",
     "{node} has the lab's taint {taint} and also {found}, which is not the lab's: the lab's pods tolerate only "
     "{taint}, so the scheduler keeps them off {node}. Remove it: kubectl taint node {node} {remove}"},
    {"value.placed.bound-by-hand", "bound to a node without the scheduler"},
    {"hint.placed.other-scheduler",
     "{pod} names the scheduler {scheduler} (spec.schedulerName), so default-scheduler never placed it: it was bound "
     "by hand. Remove schedulerName from {file}, delete the pod and create it again; let the scheduler choose "
     "{node}.{part_taint}{part_order}"},
    {"hint.placed.other-scheduler-live",
     "{pod} names the scheduler {scheduler} (spec.schedulerName), so default-scheduler never placed it: it was bound "
     "by hand. {file} names no other scheduler, so the pod running was not created from it: delete the pod and "
     "create it again from {file}; let the scheduler choose {node}.{part_taint}{part_order}"},
    {"hint.placed.no-scheduled-event",
     "{pod} has events but none says default-scheduler placed it (no Scheduled event): it was bound by hand (a "
     "Binding). Delete the pod and create it again from {file}; let the scheduler choose "
     "{node}.{part_taint}{part_order}"},
    {"value.step7.no-allocatable", "{node} advertises no allocatable {resource}"},
    {"hint.step7.premise-allocatable-zero",
     "{pod} is Pending, but not because the slots ran out: {node} advertises {found} allocatable {resource}, so no "
     "GPU pod fits at all. Fix step 2 (allocatable must say 2, as capacity does), then look at {pod} again."},
    {"hint.step7.premise-allocatable",
     "{pod} is Pending, but not because the slots ran out: {node} has no status.allocatable {resource}, so no GPU "
     "pod fits at all. Fix step 2 (patch allocatable as well as capacity), then look at {pod} again."},
    {"value.step7.slots-free", "{used} of {allocatable} GPUs in use"},
    {"value.step7.allocatable-amount", "{node} advertises {allocatable} allocatable {resource}, not {want}"},
    {"hint.step7.premise-allocatable-amount",
     "Step 7 needs {node} to offer {want} GPUs, both held by {trainer} and {trainer2}, but it advertises "
     "{allocatable} allocatable {resource}, so the slots cannot run out as the lab means. Fix step 2 (allocatable must "
     "say {want}, as capacity does), then look at {pod} again."},
    {"hint.step7.premise-slots",
     "Step 7 is about the slots running out: {trainer} and {trainer2} must both run on {node} and hold every GPU it "
     "offers (now {used} of {allocatable} in use). Bring them back (steps 4 and 6) before judging {pod}."},
    {"hint.step7.shared-no-toleration",
     "Neither {other} nor {pod} has a toleration for {taint}, so the scheduler keeps both off the GPU node. Add it to "
     "both {other_file} and {file} (key {resource}, operator Equal, value present, effect NoSchedule) and recreate "
     "both pods."},
    {"hint.step7.shared-toleration",
     "{pod} carries the same toleration as {other}, and that toleration does not match {taint}: the fix is the "
     "shared toleration, not copying {other}. Correct it in both {other_file} and {file} (key {resource}, "
     "operator Equal, value present, effect NoSchedule) and recreate both pods."},
    {"hint.step8.right-for-lab",
     "The cluster shows {live} for {key} now, but {key}={value} is what the lab leaves. Keep this line: put the "
     "cluster back the way the earlier steps leave it."},
    {"hint.step8.pending.differs",
     "PENDING is {value} but {live} pod(s) are Pending in {namespace} now. Count them with kubectl -n {namespace} "
     "get pods."},
    {"hint.step8.requests-equal-limits.negative",
     "\"{value}\" says no, but step 3 showed the apiserver refusing requests that differ from limits for {resource}: "
     "they must be equal."},
    {"hint.step8.requests-equal-limits.unknown",
     "\"{value}\" is not one of the accepted answers. Write one word such as yes, required or equal (예, 네, 필수, "
     "같음)."},
    {"hint.step8.scheduler-sees.devices",
     "\"{value}\": the scheduler never sees devices. It compares the numbers in node status (allocatable) with the "
     "pods' requests; that is why this lab works without any GPU. Write numbers."},
    {"hint.step8.scheduler-sees.labels",
     "\"{value}\": the scheduler does not read an amount from node labels (step 1's labels only pick nodes). It "
     "compares the numbers in node status (allocatable) with the pods' requests. Write numbers."},
    {"hint.step8.scheduler-sees.unknown",
     "\"{value}\" is not one of the accepted answers. Does the scheduler see devices or numbers? Write one word such "
     "as numbers (숫자)."},
    {"hint.step8.taint.case",
     "TAINT differs only in upper/lower case from the live taint ({live}); keys, values and effects are "
     "case-sensitive."},
    {"hint.step8.taint.differs",
     "TAINT is \"{value}\" but the taint on {node} is {live}. Write it as key=value:Effect."},
    {"hint.step8.taint.no-live-taint",
     "{node} has no {resource} taint, so TAINT cannot match; put the taint back ({taint}) and write it as "
     "key=value:Effect."},
    {"hint.step8.used.differs",
     "USED is {value} but the pods bound to {node} request {live} {resource} now. Add up the requests of the pods "
     "running on {node} (Pending pods have no node and do not count)."},
    {"ui.actual", "actual"},
    {"ui.col.id", "ID"},
    {"ui.col.points", "POINTS"},
    {"ui.col.step", "STEP"},
    {"ui.col.title", "TITLE"},
    {"ui.evidence", "evidence"},
    {"ui.expected", "expected"},
    {"ui.hint", "hint"},
    {"ui.incomplete",
     "grading incomplete: {errors} check(s) could not be evaluated (the environment, not your work); fix it and run "
     "gpuwhy again"},
    {"ui.points", "{points} pt"},
    {"ui.report.actual", "actual"},
    {"ui.report.evidence", "evidence"},
    {"ui.report.expected", "expected"},
    {"ui.report.failed-checks", "Failed checks"},
    {"ui.report.grading-incomplete",
     "Grading incomplete: {errors} check(s) could not be evaluated because of the environment (not your work). Fix "
     "it and run gpuwhy again."},
    {"ui.report.hint", "hint"},
    {"ui.report.not-evaluated", "Not evaluated: the environment did not allow this check to run."},
    {"ui.report.not-selected", "not selected"},
    {"ui.report.summary",
     "Score {score}/{max_score}: {passed} passed, {failed} failed, {errors} errors, {skipped} skipped"},
    {"ui.report.summary.unscored",
     "Not scored: {passed} passed, {failed} failed, {errors} could not be evaluated, {skipped} skipped"},
    {"ui.report.warning", "Warning"},
    {"ui.score", "score {score}/{max_score}"},
    {"ui.step.1", "Step 1 — namespace and GPU discovery labels"},
    {"ui.step.2", "Step 2 — advertise {resource} in node status"},
    {"ui.step.3", "Step 3 — the two apiserver rules for extended resources"},
    {"ui.step.4", "Step 4 — resources alone choose the node"},
    {"ui.step.5", "Step 5 — a taint blocks even when resources are free"},
    {"ui.step.6", "Step 6 — pass both gates with a toleration"},
    {"ui.step.7", "Step 7 — when the slots run out"},
    {"ui.step.8", "Step 8 — the gate report"},
    {"ui.summary", "{passed} passed, {failed} failed"},
    {"ui.summary.errors", ", {errors} errors"},
    {"ui.summary.skipped", ", {skipped} skipped"},
    {"ui.report.root-ids", "Root causes"},
    {"ui.report.follow-on", "Failed because of them"},
    {"ui.report.roots", "Root causes: fix these first"},
    {"ui.report.root", "root cause (above)"},
    {"ui.report.root-cause", "root cause"},
    {"ui.summary.roots", " ({roots} root cause(s))"},
    {"ui.step.more-passed", "{count} more passed (-v shows them)"},
    {"ui.step.short", "step {step}"},
    {"ui.root.follows-from", "caused by"},
    {"ui.root.consequences", "{count} more checks fail because of this ({points} points):"},
    {"ui.fix-first", "Fix first:"},
    {"ui.warning", "warning"},
    {"ev.node-amount-absent", "{node} status.{map}[{resource}]: <absent>"},
    {"ev.pod", "pod {pod}: {text}"},
    {"ev.pod-terminating", "pod {pod}: {text} (terminating)"},
    {"ev.live-message", "live {pod}: {message}"},
    {"ev.event-scheduled", "event Scheduled: {message}"},
    {"ev.events-no-scheduled", "events of pod {pod}: {reasons} (no Scheduled from {scheduler})"},
    {"ev.events-expired", "no events left for pod {pod} (expired): PodScheduled decides"},
    {"ev.node-name-set-by", "pod {pod}: managedFields: {manager} set spec.nodeName"},
    {"ev.namespace-phase", "namespace {namespace}: phase {phase}"},
    {"ev.checked-nodes", "checked: {nodes}"},
    {"ev.more-nodes", "… and {count} more nodes"},
    {"ev.read-as", "read as: {format}"},
    {"ev.format.unknown", "unknown"},
    {"ev.format.table", "table"},
    {"ev.format.json", "json"},
    {"ev.format.yaml", "yaml"},
    {"ev.format.describe", "describe"},
    {"ev.format.bare-numbers", "bare-numbers"},
    {"ev.format.keyed-lines", "keyed-lines"},
    {"ev.dry-run-not-sent", "{file}: dry-run not sent"},
    {"ev.dry-run-off", "{file}: --no-dry-run"},
    {"ev.namespace-not-graded", "{file}: namespace {namespace} is not graded"},
    {"ev.pod-exists", "pod {pod}: exists"},
    {"ev.pod-not-found", "pod {pod}: not found"},
    {"ev.rejected.mismatch", "{line} [mismatch]"},
    {"ev.rejected.fraction", "{line} [fraction]"},
    {"ev.rejected.both", "{line} [mismatch] [fraction]"},
    {"ev.taints-for", "{node} taints for {key}: {taints}"},
    {"ev.none", "none"},
    {"ev.other-taints", "{node} other taints: {taints}"},
    {"ev.file-ok", "{file}: ok"},
    {"ev.tolerations", "pod {pod} tolerations: {tolerations}"},
    {"ev.tolerations-file", "{file} tolerations: {tolerations}"},
    {"ev.file-field", "{file} {field}: {value}"},
    {"ev.pod-field", "pod {pod} {field}: {value}"},
    {"ev.same-as", "{a} matches {b}"},
    {"ev.pod-same-as", "pod {a} matches pod {b}"},
    {"ev.gpus-requested", "{resource} GPUs requested on {node}: {used} of {allocatable}"},
    {"ev.pod-on-node", "pod {pod} on {node}: {text}"},
    {"ev.pending-in", "Pending in {namespace}: {pods}"},
    {"ev.answer", "{line} ({class})"},
    {"ev.answer.unknown", "unknown"},
    {"ev.answer.affirmative", "affirmative"},
    {"ev.answer.negative", "negative"},
    {"ev.answer.numbers", "numbers"},
    {"ev.answer.labels", "labels"},
    {"ev.answer.devices", "devices"},
    {"ev.answer.negator", "negator"},
    {"ev.answer.ambiguous", "ambiguous"},
    {"ev.answer.permissive", "permissive"},
    {"ev.env-error", "{message} ({kind})"},
    {"ev.kind.usage", "usage"},
    {"ev.kind.config", "config"},
    {"ev.kind.transport", "transport"},
    {"ev.kind.tls", "tls"},
    {"ev.kind.http", "http"},
    {"ev.kind.parse", "parse"},
    {"ev.kind.io", "io"},
    {"ev.kind.skipped", "skipped"},
    {"ui.source.bundle", "bundle {path}"},
    {"ui.source.live", "live {url}"},
    {"input.no-such-file", "{path}: no such file"},
    {"input.permission-denied", "{path}: permission denied"},
    {"input.unreadable", "{path}: cannot be read"},
    {"input.too-large", "{path}: more than the limit of {limit} bytes"},
    {"input.bundle-not-json", "bundle {path}: not valid JSON at line {line}, column {column}"},
    {"input.syntax", "line {line}, column {column}: not valid YAML"},
    {"input.kubeconfig-syntax", "kubeconfig {path}: not valid YAML at line {line}, column {column}"},
    {"input.kubeconfig-missing", "kubeconfig {path} (given with --kubeconfig): file not found"},
    {"input.not-a-bundle", "bundle {path}: not a bundle written by `gpuwhy snapshot` (field \"{field}\")"},
    {"input.bundle-missing", "bundle {path}: field \"{field}\": missing"},
    {"input.bundle-field", "bundle {path}: field \"{field}\": {reason}"},
    {"input.bundle-row-lost", "bundle {path}: its graded row could not be read back: {reason}"},
    {"input.bundle-internal", "bundle {path}: grading stopped on an internal error: {reason}"},
    {"input.bundle-version",
     "bundle {path}: bundle version {version} is not supported (this gpuwhy reads {supported})"},
    {"input.kubeconfig-no-context",
     "kubeconfig {path}: no current-context is set and --context was not given (contexts: {names})"},
    {"input.kubeconfig-context-not-found", "kubeconfig {path}: context \"{context}\" not found; contexts: {names}"},
    {"input.no-kubeconfig", "no kubeconfig found (looked at {looked}); pass --kubeconfig or set KUBECONFIG"},
    {"kube.list-budget-bytes",
     "{method} {url}: the lists read hold more than {limit} bytes in all; refused (GPUWHY_LIST_MAX_BYTES sets the "
     "limit)"},
    {"kube.list-budget-items",
     "{method} {url}: the lists read hold more than {limit} items in all; refused (GPUWHY_LIST_MAX_ITEMS sets the "
     "limit)"},
    {"env.refused", "{method} {url}: connection refused"},
    {"env.net-unreachable", "{method} {url}: network unreachable"},
    {"env.host-unreachable", "{method} {url}: host unreachable"},
    {"env.timeout-connect", "{method} {url}: timeout: no connection within {seconds}"},
    {"env.timeout-answer", "{method} {url}: timeout: no complete answer within {seconds} (--request-timeout)"},
    {"cli.list-more", "{list}, {item}"},
    {"cli.list-or", "{list} or {item}"},
    {"cli.error.more-reads", "(and {count} more failed read(s), see the report)"},
    {"kc.not-string", "{where}: field \"{key}\" must be a string, not {value}"},
    {"kc.not-bool", "{where}: field \"{key}\" must be true or false, not {value}"},
    {"kc.not-list", "{where}: \"{key}\" must be a list"},
    {"kc.item-not-mapping", "{where}: {key}[{index}] must be a mapping"},
    {"kc.no-name", "{where}: {key}[{index}] has no name"},
    {"kc.body-not-mapping", "{where}: {key} \"{name}\": \"{body}\" must be a mapping"},
    {"kc.many-docs", "{where}: holds {count} YAML documents; a kubeconfig is one"},
    {"kc.not-mapping", "{where}: not a kubeconfig (the top level must be a mapping)"},
    {"kc.bad-base64", "{where}: \"{key}\" is not valid base64"},
    {"kc.file-missing", "{where}: \"{key}\" {file}: file not found"},
    {"kc.in-cluster-token-empty", "in-cluster service account token {file}: file is empty"},
    {"kc.no-server", "{where}: no \"server\" is set"},
    {"kc.server-not-url", "{where}: \"server\" {server} is not an http(s) URL"},
    {"kc.warn.insecure", "{where}: insecure-skip-tls-verify is set: the apiserver's certificate is NOT verified"},
    {"kc.warn.in-cluster-ca", "in-cluster CA {path} not found: verifying the apiserver against the system trust store"},
    {"kc.insecure-and-ca",
     "{where}: \"insecure-skip-tls-verify\" and a certificate authority are both set; remove one"},
    {"kc.token-file-empty", "{where}: \"tokenFile\" {file}: file is empty"},
    {"kc.exec", "{where}: \"exec\" credential plugins are not supported; use a client certificate or token"},
    {"kc.auth-provider", "{where}: \"auth-provider\" plugins are not supported; use a client certificate or token"},
    {"kc.half-cert", "{where}: \"{set}\" is set without \"{missing}\"; a client certificate needs both"},
    {"kc.two-auth", "{where}: both a token and username/password are set; only one authentication method is allowed"},
    {"kc.no-cluster", "{where}: names no cluster"},
    {"kc.cluster-missing", "{where}: cluster \"{name}\" not found; clusters: {names}"},
    {"kc.user-missing", "{where}: user \"{name}\" not found; users: {names}"},
    {"kc.empty-path", "--kubeconfig was given an empty path"},
    {"kc.context-no-file",
     "context \"{context}\" (given with --context) not found: no kubeconfig file exists (looked at {looked})"},
    {"kc.none-defined", "none defined"},
    {"input.not-a-file", "{path}: is {kind}, not a regular file"},
    {"input.kind.folder", "a folder"},
    {"input.kind.fifo", "a named pipe"},
    {"input.kind.socket", "a socket"},
    {"input.kind.device", "a device"},
    {"input.kind.other", "a special file"},
    {"value.absent", "absent"},
    {"value.file.empty", "{file} is empty"},
    {"value.file.hard-link", "{file} is a hard link; not read"},
    {"value.file.missing", "{file} is missing"},
    {"value.file.not-regular", "{file} is not a regular file"},
    {"value.file.not-text", "{file} is not text ({reason})"},
    {"value.file.too-large", "{file} is larger than 1 MiB"},
    {"value.file.unreadable", "{file} cannot be read ({reason})"},
    {"value.gpu-one.expected", "pod {pod}: {resource} requests = limits = {amount}"},
    {"value.manifest.kinds", "{file} holds: {kinds}"},
    {"value.manifest.not-yaml", "{file} is not valid YAML"},
    {"value.node-not-found", "node {node} not found"},
    {"value.none", "none"},
    {"value.not-bound", "not bound to any node"},
    {"value.not-found", "not found"},
    {"value.pending.bound", "bound to {bound}"},
    {"value.pending.insufficient", "pod {pod}: no node, Pending, Unschedulable with Insufficient {resource}"},
    {"value.pending.taint", "pod {pod}: no node, Pending, Unschedulable because of the taint"},
    {"value.placed.expected", "pod {pod} bound to {node} by the scheduler"},
    {"value.placed.node-name-by-client", "spec.nodeName was set when {pod} was created"},
    {"value.placed.not-scheduled-condition", "PodScheduled is not True"},
    {"value.pod-not-found", "pod {pod} not found in {namespace}"},
    {"value.scheduler-file.insufficient",
     "in {file}: a scheduler message with Insufficient {resource}, matching pod {pod}"},
    {"value.scheduler-file.none", "no scheduler message"},
    {"value.scheduler-file.taint", "in {file}: a scheduler message blaming the taint, matching pod {pod}"},
    {"value.step1.gpu-labels.actual", "missing: {missing}; wrong: {wrong}"},
    {"value.step1.gpu-labels.expected", "{node} labelled {labels}"},
    {"value.step1.namespace.expected", "namespace {namespace}, phase Active"},
    {"value.step1.other-nodes-clean.clean", "none on {nodes}"},
    {"value.step1.other-nodes-clean.expected", "no nvidia.com/gpu.* labels on any node but {node}"},
    {"value.step2.advertised-file.all-none", "every node shows <none> or nothing"},
    {"value.step2.advertised-file.bare-numbers", "numbers without node names: {numbers}"},
    {"value.step2.advertised-file.expected",
     "every node named in {file}, {node} showing {amount}, the others <none>, empty or 0"},
    {"value.step2.advertised-file.unreadable", "could not read {file}: {reason}"},
    {"value.step2.allocatable.expected", "{node} status.allocatable[{resource}] = {amount}"},
    {"value.step2.capacity.expected", "{node} status.capacity[{resource}] = {amount}"},
    {"value.step2.other-nodes.expected", "{resource} absent or 0 on every node but {node}"},
    {"value.step2.other-nodes.none", "no other node advertises it"},
    {"value.step3.apiserver-rejects.expected",
     "{mismatch_file} refused with \"must be equal to {resource} limit\", {fraction_file} refused with \"must be "
     "an integer\" (422 Invalid)"},
    {"value.step3.fraction-manifest.expected", "a Pod in {file} with a non-integer {resource} amount"},
    {"value.step3.mismatch-manifest.expected", "a Pod in {file} with whole, different {resource} requests and limits"},
    {"value.step3.not-created.expected", "no pod {pods} in {namespace}"},
    {"value.step3.not-created.no-names", "no pod name known (manifests missing)"},
    {"value.step3.not-created.none", "none of them exists"},
    {"value.step3.rejected-file.both", "{count} rejection(s), both rules present"},
    {"value.step3.rejected-file.expected",
     "both rejections in {file}: \"must be equal to {resource} limit\" and \"must be an integer\""},
    {"value.step3.rejected-file.fraction-only", "{count} rejection(s), only the integer one"},
    {"value.step3.rejected-file.mismatch-only", "{count} rejection(s), only the requests == limits one"},
    {"value.step3.rejected-file.neither", "{count} rejection(s), neither rule"},
    {"value.step4.manifest.expected",
     "Pod {pod} in {file}: {resource}: {amount} under limits only, no nodeSelector, nodeName or affinity"},
    {"value.step5.cpu-only-spec.expected",
     "{file} and pod {pod}: no {resource}, nodeSelector {selector}, no toleration for {taint}"},
    {"value.step5.taint.expected", "{node} tainted {taint}, no other node tainted {key}"},
    {"value.step5.trainer-not-evicted.expected", "pod {pod} still bound to {node} and running"},
    {"value.step6.gate-kept.expected", "taint {taint} still on {node}, pod {pod} still Pending"},
    {"value.step6.gate-kept.kept", "taint kept, {pod} Pending"},
    {"value.step6.gate-kept.no-taint", "the taint is gone"},
    {"value.step6.toleration.expected",
     "pod {pod} tolerates {taint} (key {key}, Equal {value} or Exists, effect {effect} or empty)"},
    {"value.step7.same-as-trainer2.expected",
     "{file} and pod {pod} equal to {other_file} and {other} but for the name"},
    {"value.step7.same-as-trainer2.same", "same as {other}"},
    {"value.step8.conflicting", "{key} written twice with different values"},
    {"value.step8.count-from-cluster", "{key}=the number counted from the cluster"},
    {"value.step8.format.actual", "{lines} non-blank line(s), {keys} known key(s)"},
    {"value.step8.format.expected", "seven lines KEY=VALUE (or KEY: VALUE), each of {keys} once"},
    {"value.step8.fractional.expected", "FRACTIONAL=a negative word (no, rejected, forbidden ...)"},
    {"value.step8.key-missing", "{key} not in {file}"},
    {"value.step8.live-count", "{key}={live} (counted from the cluster now)"},
    {"value.step8.requests-equal-limits.expected",
     "REQUESTS_EQUAL_LIMITS=an affirmative word (yes, required, equal ...)"},
    {"value.step8.scheduler-sees.expected", "SCHEDULER_SEES=numbers"},
    {"value.step8.taint.expected", "TAINT=the {resource} taint of {node} as key=value:Effect"},
    {"value.step8.taint.no-live", "no {resource} taint on {node}"},
    {"value.step3.apiserver-rejects.dry-run-off",
     "not checked: the dry runs were turned off with --no-dry-run ({files})"},
    {"cli.opt.timeout",
     "How long one live collection may take in all, retries and Retry-After waits included (e.g. 60s; 0 = no limit)"},
    // items and rules named in environment hints; flag combinations; told-once causes; batch table
    {"item.nodes", "the nodes"},
    {"item.pods", "the pods of namespace {namespace}"},
    {"item.node-pods", "the pods of every namespace on node {node}"},
    {"item.namespace", "namespace {namespace}"},
    {"item.dry-run", "a server-side dry-run create of {file}"},
    {"rbac.nodes", "get, list on nodes (cluster-wide)"},
    {"rbac.pods", "get, list on pods in namespace {namespace}"},
    {"rbac.node-pods", "list on pods (cluster-wide)"},
    {"rbac.namespace", "get on namespaces"},
    {"rbac.dry-run", "create on pods in namespace {namespace}"},
    {"cli.error.live-only", "{flag} applies to a live check; a --snapshot bundle already holds what was collected"},
    {"cli.error.bad-jobs", "--jobs \"{value}\": not a whole number from 1 to {max}"},
    {"cli.error.bundle-only", "{flag} applies to grading bundles (--snapshot), not to a live check"},
    {"cli.error.batch-format", "--format {format}: several bundles give a batch summary; use --format {formats}"},
    {"cli.error.batch-user",
     "--user names one submission; in a batch each row is named after its bundle: its student field, else its file "
     "name"},
    {"cli.error.format-needs-user", "--format {format} needs --user (the LMS user id the score is for)"},
    {"cli.error.output-not-regular",
     "--output {output} is {kind}: a report goes to a regular file or to standard output (-o -); choose a file"},
    {"cli.error.output-is-pages-list",
     "--output {output} is the list of the pages gpuwhy wrote: writing there would make gpuwhy refuse every page it "
     "wrote; choose another file"},
    {"cli.error.bad-env-number", "{name}=\"{value}\": not a whole number from 1"},
    {"cli.error.empty-output", "--output was given an empty path (use - for standard output)"},
    {"cli.error.output-is-input",
     "--output {output} is {what}: writing there would overwrite what gpuwhy reads; choose another file"},
    {"cli.opt.roster",
     "A batch: the class list, one id per line or a CSV with an id column; the class page says who has not submitted"},
    {"cli.opt.due",
     "A batch: the due time (RFC 3339, e.g. 2026-12-07T09:00:00+09:00); the class page marks snapshots taken after it"},
    {"cli.opt.require-integrity",
     "Refuse a suspect bundle (findings, or another submission of the batch from the same cluster): exit 3, the "
     "findings on stderr; the report keeps its score"},
    {"cli.error.integrity", "{source}: refused by --require-integrity: {line}"},
    {"cli.opt.pages", "A batch: write each student's own report page into this folder, linked from the class page"},
    {"cli.error.batch-only", "{flag} applies to a batch (several --snapshot bundles or a folder of them)"},
    {"cli.error.bad-due",
     "--due \"{value}\": not an RFC 3339 time (e.g. 2026-12-07T09:00:00+09:00 or 2026-12-07T00:00:00Z)"},
    {"cli.error.pages-not-folder", "--pages {path}: not a folder"},
    {"input.not-a-duration", "{flag} \"{value}\": not a duration (use e.g. 30s, 2m, 500ms)"},
    {"input.no-bundles", "{path}: the folder holds no *.json bundle to grade"},
    {"cli.error.dir-missing", "--dir {dir}: no such folder"},
    {"cli.error.dir-not-folder", "--dir {dir}: not a folder"},
    {"cli.error.dir-not-lab", "--dir {dir}: not a lab folder (it holds neither \"k8s/\" nor \"out/\")"},
    {"cli.error.dir-inside-lab", "{dir} is inside the lab folder {lab}: run gpuwhy there, or pass --dir {lab}"},
    {"cli.error.no-lab-dir",
     "no lab folder: {here} holds neither \"k8s/\" nor \"out/\", and {dir} is not a lab folder; pass --dir LAB_FOLDER"},
    {"output.pages-mkdir", "--pages {path}: cannot create the folder: {reason}"},
    {"output.pages-list",
     "--pages: the list of gpuwhy's pages {file} cannot be used ({reason}); no page there is replaced"},
    {"output.pages-write", "--pages: a page could not be written: {reason}"},
    {"output.page-not-ours",
     "--pages: {file} is already there and gpuwhy did not write it: it is left as it is, and {user} gets no page"},
    {"cli.error.roster-unreadable", "--roster: the roster cannot be read: {reason}"},
    {"cli.error.roster-empty", "--roster {path}: lists no student id"},
    {"cli.error.roster-no-id",
     "--roster {path}: the CSV header has no id column (id, student, student_id, login or user)"},
    {"cli.error.roster-not-text", "--roster {path}: not a text file (one id per line, or a CSV with an id column)"},
    {"cli.input.roster", "the roster {file}"},
    {"cli.input.bundle", "the bundle {file} being graded"},
    {"cli.input.kubeconfig", "{file}, which the kubeconfig resolution reads"},
    {"cli.input.lab-file", "{file} of the lab folder"},
    {"ui.env.heading", "Not your work: {count} checks could not be graded, for one reason in the environment:"},
    {"ui.env.cause", "cause"},
    {"ui.env.fix", "fix"},
    {"ui.env.more", "(and {count} more like it)"},
    {"ui.env.see-above", "error (see above)"},
    {"ui.env.fix.unavailable",
     "Check that the control plane is running and that the kubeconfig points at it (kubectl get nodes must "
     "answer), then run gpuwhy check again."},
    {"ui.env.fix.unauthorized",
     "The apiserver did not accept gpuwhy's credentials (401): check the user and certificates in the kubeconfig. "
     "The account then needs: {rules}."},
    {"ui.env.fix.kubeconfig",
     "Check the path given with --kubeconfig and the file (kubectl --kubeconfig PATH get nodes must answer)."},
    {"ui.env.fix.input",
     "Check the path given to --snapshot and that the file is a bundle written by gpuwhy snapshot."},
    {"ui.env.fix.forbidden", "The account gpuwhy uses needs RBAC permission for: {rules}."},
    {"ui.env.fix.not-collected",
     "These were not collected in this run (for example a files-only run): grade again against the live cluster."},
    {"ui.batch.user", "submission"},
    {"ui.batch.score", "score"},
    {"ui.batch.counts", "pass/fail/error"},
    {"ui.batch.not-graded", "not graded: {error}"},
    {"ui.batch.incomplete", "incomplete, not scored"},
    {"ui.batch.summary", "{count} submission(s): {scored} scored, {incomplete} incomplete (not scored)"},
    {"cli.opt.github-output",
     "Append the github-classroom result, base64-encoded, as result=... to the file $GITHUB_OUTPUT names"},
    {"cli.error.github-output-format", "--github-output goes with --format github-classroom"},
    {"cli.error.github-output-unset",
     "--github-output: GITHUB_OUTPUT is not set (GitHub Actions sets it in every step)"},
    {"output.github-output-write", "--github-output: cannot append to {path}: {reason}"},
    {"ui.report.title", "gpuwhy report"},
    {"ui.report.meta", "gpuwhy {version}, Kubernetes {server}, graded {generated_at}, source {source}"},
    {"ui.report.status.pass", "pass"},
    {"ui.report.status.fail", "fail"},
    {"ui.report.status.error", "error"},
    {"ui.report.status.skip", "skip"},
    {"ui.report.col.status", "status"},
    {"ui.report.col.check", "check"},
    {"ui.report.col.points", "points"},
    {"ui.report.col.details", "details"},
    {"ui.class.title", "Class report"},
    {"ui.class.mean", "mean score of the scored runs: {mean} %"},
    {"ui.class.stats", "median {median} %, lowest {min} %, highest {max} %; perfect scores: {perfect}"},
    {"ui.class.histogram", "Score distribution"},
    {"ui.class.histogram.aria",
     "Histogram of the scores of {scored} scored run(s) in {bins} bins; the table has the same counts"},
    {"ui.class.bin", "score range"},
    {"ui.class.students", "students"},
    {"ui.class.steps", "Pass rate per step (worst first)"},
    {"ui.class.checks", "Pass rate per check (worst first)"},
    {"ui.class.step", "step"},
    {"ui.class.passed", "passed"},
    {"ui.class.graded", "graded"},
    {"ui.class.rate", "pass rate"},
    {"ui.class.mistake.count", "{count} student(s)"},
    {"ui.class.explain", "What the check looks at (gpuwhy explain {check})"},
    {"ui.class.incomplete", "Incomplete runs (not scored)"},
    {"ui.class.incomplete.errors",
     "{errors} check(s) could not be evaluated (the environment, not the student's work)"},
    {"ui.class.none", "none"},
    {"ui.class.versions", "Kubernetes versions seen"},
    {"ui.class.unknown-version", "unknown"},
    {"ui.class.table", "Students by step"},
    {"ui.class.filter", "Show students who failed"},
    {"ui.class.filter.all", "(every student)"},
    {"ui.class.col.kubernetes", "Kubernetes version"},
    {"ui.class.col.reason", "reason"},
    {"ui.class.sort-hint", "Click a column header to sort by it."},
    {"ui.integrity.label", "integrity"},
    {"ui.integrity.suspect",
     "Integrity: this bundle is suspect ({count} finding(s)); the score is not changed, a person should look."},
    {"ui.integrity.and-more", "and {count} more"},
    {"ui.integrity.same-cluster", "taken from the same cluster as {others}"},
    {"ui.integrity.same-bundle", "the very same bundle as {others}"},
    {"ui.class.suspect", "suspect"},
    {"ui.class.numbers.suspect", "suspect: {suspect}"},
    {"ui.class.reteach", "What to reteach"},
    {"ui.class.reteach.intro",
     "Concepts ranked by the students whose root causes fall in them; a student counts once per concept, whatever else "
     "failed because of it."},
    {"ui.class.concept.roots", "root causes"},
    {"ui.class.roots", "Root causes, most students first"},
    {"ui.class.more-roots", "{count} more root causes"},
    {"ui.class.no-roots", "No check failed in a scored run."},
    {"ui.class.grid.intro",
     "Each cell is a step's points; a framed cell with ● holds a root cause. A student's name opens their own report."},
    {"ui.class.col.roots", "root causes"},
    {"ui.class.col.taken", "taken at"},
    {"ui.class.root-mark", "a root cause is in this step"},
    {"ui.class.late", "late"},
    {"ui.class.not-on-roster", "not on the roster"},
    {"ui.class.missing.title", "On the roster, no submission ({count})"},
    {"ui.class.not-on-roster.title", "Submitted, not on the roster ({count})"},
    {"ui.class.due", "Due {due}: a run taken after it is marked late."},
    {"ui.class.numbers.roster", "missing: {missing}; not on the roster: {unknown}"},
    {"ui.class.help", "Who needs help"},
    {"ui.class.help.intro", "Most root causes first, then the lowest score; a name opens the student's page."},
    {"ui.class.help.roots", "{count} root cause(s): {ids}"},
    {"ui.class.help.no-root", "no root cause"},
    {"ui.class.help.more", "{count} more students"},
    {"ui.class.help.none", "No scored student lost a point."},
    {"ui.class.help.unscored", "Not scored"},
    {"ui.class.incomplete.badge", "incomplete"},
    {"ui.class.missing.badge", "no submission"},
    {"ui.class.near-miss", "submitted as {user}?"},
    {"ui.class.more-concepts", "{count} more concepts"},
    {"ui.report.student-id", "student {user}"},
    {"ui.report.title.user", "{user} · gpuwhy report"},
    {"ui.report.title.named", "{name} ({user}) · gpuwhy report"},
    {"ui.class.numbers.late", "late: {late}"},
    {"concept.labels.title", "Labelling the GPU node and the lab namespace"},
    {"concept.labels.teach",
     "How node labels are set and read (kubectl label, --show-labels, -L), on exactly one node."},
    {"concept.extended-resources.title", "Advertising a GPU: capacity and allocatable"},
    {"concept.extended-resources.teach",
     "An extended resource lives in node status: patch capacity AND allocatable (the scheduler reads allocatable), "
     "through the status subresource."},
    {"concept.apiserver-rules.title", "The apiserver's two rules for GPU requests"},
    {"concept.apiserver-rules.teach",
     "Extended resources take whole numbers only, and requests must equal limits (a limit alone becomes the request); "
     "the apiserver refuses the rest before any scheduling."},
    {"concept.gpu-pods.title", "Writing a pod that asks for a GPU"},
    {"concept.gpu-pods.teach",
     "Where resources.limits/requests go in a pod spec, and how to copy a pod under a new name without changing what "
     "it asks for."},
    {"concept.taints.title", "Taints: keeping pods off a node"},
    {"concept.taints.teach",
     "A taint is key=value:effect on the node; NoSchedule keeps new pods off and leaves running pods where they are."},
    {"concept.tolerations.title", "Tolerations: letting a pod onto a tainted node"},
    {"concept.tolerations.teach",
     "A toleration must match the taint's key, value (or Exists) and effect; it allows a node, it does not choose "
     "one."},
    {"concept.scheduling.title", "How the scheduler places a pod"},
    {"concept.scheduling.teach",
     "The scheduler binds a pod only to a node with room and no intolerable taint; nodeName set by hand skips it."},
    {"concept.scheduler-messages.title", "Reading the scheduler's reasons"},
    {"concept.scheduler-messages.teach",
     "Read a Pending pod's FailedScheduling event: 'untolerated taint' and 'Insufficient nvidia.com/gpu' are different "
     "causes with different fixes."},
    {"concept.saving-output.title", "Saving what a command showed"},
    {"concept.saving-output.teach",
     "Save the command's real output to the file (kubectl ... > out/file.txt, or the apiserver's error with 2>&1), not "
     "a summary typed by hand."},
    {"concept.counting.title", "Counting GPUs from the cluster"},
    {"concept.counting.teach",
     "Allocatable, used and pending come from the cluster at the time: sum the requests of the node's pods, count the "
     "Pending pods."},
    {"concept.other.title", "Other checks"},
    {"concept.other.teach", "Root causes in checks that belong to no concept of the lab."},
    {"item.live-pod", "pod {pod}"},
    {"reason.advertised.json-nodes", "no node name paired with an amount"},
    {"reason.advertised.apart",
     "the node names and fewer amounts printed apart: jsonpath prints nothing for a node without the resource, so "
     "no amount can be paired with its node; print them node by node with {range .items[*]}...{end}"},
    {"reason.advertised.describe", "describe output without any Name: line"},
    {"reason.advertised.no-rows", "no rows"},
    {"reason.advertised.no-gpu-column", "the table has no GPU column"},
    {"reason.advertised.label-column",
     "its GPU column is a node label (kubectl get nodes -L), which step 1 wrote, not the amount the node advertises "
     "in status"},
    {"reason.advertised.header-only", "a header without rows"},
    {"reason.advertised.empty", "the file is empty"},
    {"reason.advertised.bad-json", "looks like JSON but does not parse"},
    {"reason.advertised.yaml", "YAML that does not parse: {detail}"},
    {"ui.env.fix.config",
     "gpuwhy found no usable kubeconfig: pass --kubeconfig FILE, set KUBECONFIG, or write ~/.kube/config (kubectl "
     "config view shows what kubectl uses), then run gpuwhy check again."},
    {"ui.env.fix.tls",
     "The apiserver's certificate could not be verified: check certificate-authority(-data) and the server address "
     "in the kubeconfig (kubectl get nodes must answer with the same kubeconfig)."},
    {"cli.completion", "Print the shell completion script for bash, zsh or fish"},
    {"cli.opt.shell", "The shell: bash, zsh or fish"},
    {"cli.error.unknown-shell", "\"{shell}\": no completion for this shell (bash, zsh, fish)"},
    {"cli.man.name", "NAME"},
    {"cli.man.synopsis", "SYNOPSIS"},
    {"cli.man.options", "OPTIONS"},
    {"cli.man.commands", "COMMANDS"},
    {"cli.man.exit-status", "EXIT STATUS"},
    {"cli.man.environment", "ENVIRONMENT"},
    {"cli.man.examples", "EXAMPLES"},
    {"cli.man.env.GPUWHY_LANG", "The language of every text: en, ko or ja (kr and jp too). --lang wins over it."},
    {"cli.man.env.GPUWHY_LIST_MAX_BYTES",
     "The most the lists of one live collection may hold in all, in bytes as held in memory (default 268435456, "
     "256 MiB); past it the collection ends with an error naming the list."},
    {"cli.man.env.GPUWHY_LIST_MAX_ITEMS",
     "The most items the lists of one live collection may hold in all (default 500000); past it the collection ends "
     "with an error naming the list."},
    {"cli.man.env.LANG", "The language when neither --lang nor GPUWHY_LANG gives one (ko_KR.UTF-8 means Korean)."},
    {"cli.man.env.KUBECONFIG",
     "The kubeconfig files, joined by colons, read as kubectl reads them; --kubeconfig wins over it, and "
     "~/.kube/config is used when neither is given."},
    {"cli.man.env.NO_COLOR", "When set and not empty, the table has no colours."},
    {"cli.man.env.GITHUB_OUTPUT", "The file --github-output appends the result to (GitHub Actions sets it)."},
    {"cli.man.env.COLUMNS",
     "The width the table, explain and --help fit when the output is not a terminal (default 80)."},
    {"cli.man.example.student", "A student, in the lab folder, grades the saved files and the live cluster:"},
    {"cli.man.example.explain", "What the checks of step 2 look at, and how to look yourself:"},
    {"cli.man.example.why", "Why a pod stays Pending, node by node:"},
    {"cli.man.example.ci", "CI grades a saved bundle as JUnit; the exit status is 1 when a check failed:"},
    {"cli.man.example.instructor", "An instructor makes the class page from a folder of bundles:"},
    {"cli.man.one-of", "One of: {values}."},
    {"cli.man.default", "Default: {value}."},
    {"cli.man.repeatable", "May be given more than once."},
    {"cli.man.exit.0", "Every selected check passed."},
    {"cli.man.exit.1", "At least one check failed."},
    {"cli.man.exit.2", "Usage error: the flags were refused before anything was read or requested."},
    {"cli.man.exit.3",
     "Grading could not be completed (a check is error: apiserver unreachable, permission denied, ...); never a score "
     "of zero."},
    {"cli.man.exit.4",
     "gpuwhy why only: not fully explained. The scheduler names a reason from a plugin gpuwhy does not model, or "
     "refused a pod that gpuwhy's gates let fit; no binding is predicted. (For why, 1 also means a spec.nodeName that "
     "names no node.)"},
    // ---- gpuwhy why -------------------------------------------------------------------------
    {"cli.why", "Tell, node by node, which scheduler gate keeps a pod Pending, with the numbers"},
    {"cli.opt.why-pod", "The pod: NAME or pod/NAME"},
    {"cli.opt.namespace", "The pod's namespace (default: the kubeconfig context's namespace, else \"default\")"},
    {"cli.opt.why-all", "Every Pending pod of the namespace"},
    {"cli.opt.why-format", "Output format: table or json"},
    {"cli.error.why-pod-or-all", "give a pod (NAME or pod/NAME) or --all, not both and not neither"},
    {"cli.error.why-bad-pod", "\"{pod}\": not a pod name (NAME or pod/NAME)"},
    {"cli.error.why-no-pod", "pod {namespace}/{pod} not found"},
    {"cli.error.why-no-pod-elsewhere",
     "pod {namespace}/{pod} not found; a pod {pod} exists in namespace {namespaces}: gpuwhy why {pod} -n {other}"},
    {"why.ui.lab-held",
     "In the lab, {pod} stays Pending here on purpose (step {step}): the reason above is the lesson. The fixes are "
     "how Kubernetes would let it run; applying them would undo the lab."},
    {"why.ui.priority", "Priority {priority} (priorityClassName {class}), preemptionPolicy {policy}."},
    {"why.ui.victim", "{pod} (priority {priority})"},
    {"why.ui.preempts",
     "Preemption: the scheduler evicts {victims} on {node}, nominates {node} and binds the pod there at a later "
     "try (unless another pod takes the room first)."},
    {"why.ui.preempt-unsure",
     "By the gates gpuwhy checks, preemption would evict {victims} on {node}; what gpuwhy does not model (below) "
     "decides."},
    {"why.ui.preempt-never",
     "preemptionPolicy is Never: the scheduler evicts no pod for it; it waits until a node has room."},
    {"why.ui.preempt-terminating",
     "A lower-priority pod on the pod's nominated node is already being preempted: the scheduler waits for it to "
     "go before it preempts again."},
    {"why.ui.preempt-none",
     "Preemption does not help: even with every lower-priority pod evicted, no node takes the pod."},
    {"why.detail.victims", "preemption here evicts: {victims}"},
    {"why.detail.preempt-short", "even without its lower-priority pods: {reasons}"},
    {"why.ui.pod", "Pod {namespace}/{pod} ({phase}), requests: {request}"},
    {"why.ui.no-request", "nothing"},
    {"why.ui.col.node", "NODE"},
    {"why.ui.col.gate", "GATE"},
    {"why.ui.col.why", "WHY"},
    {"why.ui.fits", "fits"},
    {"why.ui.fix", "fix: {fix}"},
    {"why.ui.summary", "gpuwhy: {summary}"},
    {"why.ui.scheduler", "scheduler ({source}): {message}"},
    {"why.ui.agrees", "The scheduler's reasons are the same as gpuwhy's."},
    {"why.ui.disagrees",
     "The scheduler's reasons differ from gpuwhy's: the cluster changed since, or a plugin gpuwhy "
     "does not model decided (see below)."},
    {"why.ui.not-modelled", "Not modelled by gpuwhy: {what}. Its verdict is the scheduler's alone."},
    {"why.ui.bound", "The pod is bound to {node}: no scheduler gate holds it."},
    {"why.ui.gated",
     "The pod has scheduling gates ({gates}): the scheduler has not tried it and will not until every gate is "
     "removed. Below is what it would do then."},
    {"why.ui.gated-fits-on",
     "Once the gates are removed, the pod fits {count} node(s): {nodes}. The scheduler should bind it at its "
     "first try."},
    {"why.ui.gated-summary", "gpuwhy, once the gates are removed: {summary}"},
    {"why.ui.unserved-scheduler",
     "spec.schedulerName is {name}: default-scheduler leaves this pod alone, and no scheduler has written a verdict "
     "on it (no PodScheduled condition, no FailedScheduling event). If no scheduler serves {name}, the pod stays "
     "Pending: create it again with spec.schedulerName default-scheduler (or without it). gpuwhy does not predict "
     "a binding; the rows above are what default-scheduler would do."},
    {"why.ui.fits-on", "The pod fits {count} node(s): {nodes}. The scheduler should bind it at its next try."},
    {"why.ui.other-scheduler", "spec.schedulerName is {name}: gpuwhy models default-scheduler only."},
    {"why.ui.prefilter", "Refused before any node was tried: {reason}."},
    {"why.ui.node-missing",
     "spec.nodeName names {node}, and there is no node {node}. A pod that names its node is never seen by the "
     "scheduler: it is in the kubelet's hands, and no kubelet {node} exists. It stays Pending until a node {node} "
     "joins, or until it is created again without spec.nodeName (or naming a node that exists)."},
    {"why.ui.node-gone",
     "spec.nodeName names {node}, and there is no node {node}: the pod was bound there and the node has been "
     "deleted since. Its phase ({phase}) is the last one written for it; nothing runs it now. The pod garbage "
     "collector (kube-controller-manager) deletes pods of nodes that no longer exist; its controller, if it has "
     "one, then creates a new pod for the scheduler to place."},
    {"why.ui.gate.not-modelled", "(not modelled)"},
    {"why.ui.gate.passes", "passes every gate gpuwhy checks; the scheduler still said no"},
    {"why.ui.one-of", "one of: {reasons}"},
    {"why.ui.not-explained",
     "Not fully explained: what decides here is outside gpuwhy's model, so gpuwhy does not predict a binding."},
    {"why.ui.unmodelled-nodes", "the scheduler, on {count} node(s), for a plugin gpuwhy does not model: {reason}"},
    {"why.ui.unmodelled-pod", "the scheduler, before trying any node, for a plugin gpuwhy does not model: {reason}"},
    {"why.ui.says-no",
     "the scheduler's last try found no node, yet the pod passes gpuwhy's gates: the cluster changed since, or a "
     "plugin gpuwhy does not model decided"},
    {"why.ui.checked-fits", "gpuwhy checked only {gates}; by those the pod would fit {count} node(s): {nodes}."},
    {"why.ui.checked-none", "gpuwhy checked only {gates}; by those the pod fits no node."},
    {"why.ui.no-pending", "No Pending pod in namespace {namespace}."},
    {"why.detail.prefilter",
     "the pod's required node affinity pins other nodes by name (matchFields metadata.name), "
     "so {node} is never tried"},
    {"why.fix.prefilter", "add {node} to the metadata.name values of the required node affinity, or drop that term"},
    {"why.detail.conflict",
     "every required node affinity term pins its own set of node names (matchFields "
     "metadata.name) and the sets do not meet"},
    {"why.fix.conflict", "make the metadata.name values of the terms name at least one node"},
    {"why.detail.unschedulable", "{node} is cordoned (spec.unschedulable: true)"},
    {"why.fix.unschedulable", "kubectl uncordon {node}, or tolerate node.kubernetes.io/unschedulable:NoSchedule"},
    {"why.detail.node-name", "the pod names node {want} (spec.nodeName)"},
    {"why.fix.node-name", "the pod can run on {want} only: change or remove spec.nodeName"},
    {"why.detail.taint", "taint {taint} is not tolerated"},
    {"why.fix.taint",
     "add the toleration {toleration} to the pod, or remove the taint: kubectl taint node {node} "
     "{untaint}"},
    {"why.detail.selector", "nodeSelector {key}={want}: the node has {key}={have}"},
    {"why.detail.selector-missing", "nodeSelector {key}={want}: the node has no label {key}"},
    {"why.fix.selector", "kubectl label node {node} {key}={value}, or change the pod's nodeSelector"},
    {"why.detail.affinity-empty-term", "required node affinity term {term} has no requirement, so it matches no node"},
    {"why.detail.affinity-field", "required node affinity term {term}: {requirement}, but the node is {name}"},
    {"why.detail.affinity-label", "required node affinity term {term}: {requirement}, but the node has {key}={have}"},
    {"why.detail.affinity-label-missing",
     "required node affinity term {term}: {requirement}, but the node has no label {key}"},
    {"why.detail.affinity-no-term", "the required node affinity has no term, so it matches no node"},
    {"why.detail.affinity-unusable.field-operator",
     "required node affinity term {term}: {requirement}: matchFields does not support the operator \"{subject}\", so "
     "the term matches no node"},
    {"why.detail.affinity-unusable.field-value-count",
     "required node affinity term {term}: {requirement}: matchFields In and NotIn take exactly one value, so the term "
     "matches no node"},
    {"why.detail.affinity-unusable.key",
     "required node affinity term {term}: {requirement}: \"{subject}\" is not a valid label key, so the term matches "
     "no node"},
    {"why.detail.affinity-unusable.no-values",
     "required node affinity term {term}: {requirement}: In and NotIn need at least one value, so the term matches no "
     "node"},
    {"why.detail.affinity-unusable.not-integer",
     "required node affinity term {term}: {requirement}: Gt and Lt need an integer, not \"{subject}\", so the term "
     "matches no node"},
    {"why.detail.affinity-unusable.operator",
     "required node affinity term {term}: {requirement}: the operator \"{subject}\" is not supported, so the term "
     "matches no node"},
    {"why.detail.affinity-unusable.value",
     "required node affinity term {term}: {requirement}: \"{subject}\" is not a valid label value, so the term matches "
     "no node"},
    {"why.detail.affinity-unusable.value-count",
     "required node affinity term {term}: {requirement}: Gt and Lt take exactly one value, so the term matches no "
     "node"},
    {"why.detail.affinity-unusable.values-given",
     "required node affinity term {term}: {requirement}: Exists and DoesNotExist take no value, so the term matches no "
     "node"},
    {"why.fix.affinity", "label {node} to match one term of the pod's required node affinity, or change the terms"},
    {"why.detail.port", "host port {port}/{protocol} is held by pod {pod}"},
    {"why.fix.port", "choose another hostPort than {port}, or drop it"},
    {"why.detail.resource",
     "{resource}: allocatable {allocatable}, requested by the pods bound there {requested}, "
     "free {free}; this pod asks {request}: short by {short}"},
    {"why.detail.pods", "pods: the node allows {allocatable} and {requested} are bound there; one more does not fit"},
    {"why.fix.resource", "free room on {node} (delete or shrink pods bound there), or lower this pod's requests"},
    {"why.fix.resource.no-pods",
     "{node} allows no pod at all (status.allocatable has no pods): give it allocatable pods again, as its capacity "
     "has them (kubectl patch node {node} --subresource=status)"},
    {"why.fix.resource.too-big",
     "this pod asks more than {node} has in all: lower the request, or give the node more "
     "allocatable"},
    {"why.detail.spread-skew",
     "placing the pod on {node} would put one more matching pod in its domain than a DoNotSchedule spread constraint's "
     "maxSkew allows"},
    {"why.fix.spread-skew",
     "raise maxSkew or make the constraint whenUnsatisfiable: ScheduleAnyway, or let the other domains take matching "
     "pods first"},
    {"why.detail.spread-label", "{node} has no label for a topologyKey of the pod's DoNotSchedule spread constraints"},
    {"why.fix.spread-label",
     "label {node} with every topologyKey of the constraints, or change spec.topologySpreadConstraints"},
    {"why.detail.pod-affinity", "no pod that a required podAffinity term selects runs in {node}'s topology domain"},
    {"why.fix.pod-affinity",
     "run a pod the term selects in {node}'s domain first, or change spec.affinity.podAffinity"},
    {"why.detail.pod-anti-affinity",
     "a pod that a required podAntiAffinity term of this pod selects runs in {node}'s topology domain: {pods}"},
    {"why.fix.pod-anti-affinity",
     "move the pods the term selects out of {node}'s domain, or change spec.affinity.podAntiAffinity"},
    {"why.detail.existing-anti-affinity",
     "a pod bound in {node}'s topology domain has a required podAntiAffinity term that selects this pod: {pods}"},
    {"why.fix.existing-anti-affinity",
     "change this pod's labels or namespace, or the anti-affinity of the pods bound in {node}'s domain"},
    // What gpuwhy writes itself on stderr, and CLI11's errors said again (cmd/parse_errors.cpp).
    {"cli.prefix.error", "gpuwhy: error:"},
    {"cli.prefix.warning", "gpuwhy: warning:"},
    {"cli.error.unknown-option", "{option}: `{command}` has no such option"},
    {"cli.error.unexpected-argument", "\"{argument}\": `{command}` takes no such argument"},
    {"cli.error.missing-argument", "`{command}` needs {name} ({description})"},
    {"cli.error.missing-value", "{option} needs a value"},
    {"cli.error.missing-value-of", "{option} needs a value: one of {values}"},
    {"cli.error.too-many-values", "{option} takes one value and was given more"},
    {"cli.error.bad-value", "{option} \"{value}\": not a valid value"},
    {"cli.error.not-one-of", "{option} \"{value}\": not one of {values}"},
    {"cli.error.bad-command-line", "`{command}`: the arguments could not be understood"},
    {"cli.error.command-needed", "give a command; the commands are:"},
    // `gpuwhy explain`: the section headings (the sections are the parts check.*.explain marks).
    {"ui.explain.what", "What it checks"},
    {"ui.explain.why", "Why it matters"},
    {"ui.explain.look", "How to look yourself"},
    {"ui.explain.mistakes", "Usual mistakes"},
    {"cli.error.explain-step", "\"{step}\": the lab has steps 1 to {steps}"},
    {"cli.error.ambiguous-check", "\"{word}\" is part of {count} check ids: {ids}; give more of the id"},
    // Integrity: what a bundle says that the control plane would not have made so.
    {"integrity.field-unreadable",
     "{object}: {field} is {value}, which the apiserver and gpuwhy snapshot never write there (a field the integrity "
     "checks read must be readable; {count} field(s) in all)"},
    {"integrity.published-bundle",
     "{object} has the {mark} of an object in {bundle}, a bundle published with gpuwhy: a new cluster gives "
     "every object a new uid and every event a new name, so this is a public capture, not the student's own "
     "lab ({count} object(s) in all)"},
    {"integrity.student-mismatch",
     "the bundle says it is {student}'s, but it was handed in as {submission}; the row is {submission}'s"},
    {"integrity.bundle-not-live",
     "the bundle holds cluster data, yet records live_collected={live_collected} and source \"{source}\": gpuwhy "
     "snapshot records \"live <server>\" for what it read from an apiserver"},
    {"integrity.time-after-taken-at",
     "{object}: {field} {time} is later than the snapshot's taken_at {taken_at} (5 minutes of clock skew allowed; "
     "{count} object(s) in all)"},
    {"integrity.object-before-namespace",
     "{object} was created at {time}, before its namespace ({namespace_time}); the apiserver creates nothing in a "
     "namespace that does not exist ({count} object(s) in all)"},
    {"integrity.resource-version-above-list",
     "{object}: resourceVersion {version} is above the resourceVersion {list_version} of the {list} list it came in "
     "({count} object(s) in all)"},
    {"integrity.uid-not-uuid",
     "{object}: uid \"{uid}\" is not a uid the apiserver makes (RFC 4122: 8-4-4-4-12 lowercase hex; {count} object(s) "
     "in all)"},
    {"integrity.uid-shared",
     "{object} and {other} share the uid {uid}; the apiserver never gives one uid to two objects ({count} in all)"},
    {"integrity.scheduled-event-node-mismatch",
     "{event} says the scheduler assigned {pod} to {event_node}, but the pod's spec.nodeName is {node}"},
    {"integrity.event-before-pod", "{event} of {pod} happened at {event_time}, before the pod was created ({created})"},
    {"integrity.phase-scheduling-mismatch",
     "{pod}: phase {phase} with spec.nodeName {node} and PodScheduled {scheduled}; a Running pod is bound and "
     "scheduled, an unbound Pending pod is not scheduled"},
    {"integrity.phase-status-mismatch",
     "{pod}: phase {phase}, spec.nodeName {node}, and {field} contradicts them; the node's agent writes a pod's "
     "startTime, IPs and container statuses once it runs the pod (a Running pod has them), never for a pod without a "
     "node"},
    {"integrity.unschedulable-without-event",
     "{pod}: the PodScheduled condition says \"{message}\", but no FailedScheduling event of this pod says so; the "
     "scheduler writes both at once"},
    {"integrity.last-applied-mismatch",
     "{pod}: {field} is {live}, but the last-applied-configuration that created it says {applied}; this field cannot "
     "change after creation"},
    {"integrity.dry-run-mismatch",
     "{file}: the apiserver's recorded answer quotes {field} as {answered}, but the manifest has {manifest}"},
    {"integrity.file-size-mismatch",
     "{file}: the bundle records {size} bytes, but the content it holds is {length} bytes"},
    {"integrity.field-without-manager",
     "{object}: {field} is set, but no managedFields entry owns it; the apiserver records who writes every field, so "
     "it was not written through the apiserver ({count} field(s) in all)"},
    {"integrity.managed-fields-missing",
     "{object} has no managedFields; the apiserver records a manager on every object it creates ({count} object(s) "
     "in all)"},
    {"integrity.managed-before-created",
     "{object}: managedFields say {manager} wrote it at {time}, more than a minute before it was created ({created}) "
     "({count} object(s) "
     "in all)"},
    {"integrity.insufficient-with-room",
     "{pod}: the scheduler is recorded at {time} saying {said} of {total} nodes had \"Insufficient {resource}\", "
     "yet {node} had room for the pod's {request}: allocatable {allocatable}, written before then, and the pods "
     "bound to it then request {requested}; the scheduler says Insufficient only for a node without room"},
    {"integrity.node-over-allocatable",
     "{node}: the pods bound to it request {requested} {resource}, more than its allocatable {allocatable}, which "
     "had not changed when the scheduler bound {pod} at {bound}; the scheduler never binds beyond allocatable"},
    {"type.string", "a string (put the value in quotes)"},
    {"type.integer", "a whole number"},
    {"type.bool", "true or false"},
    {"type.mapping", "a mapping (key: value lines)"},
    {"type.list-of-mappings", "a list of mappings (lines starting with -)"},
    {"type.list-of-strings", "a list of strings, like [\"sleep\", \"infinity\"]"},
    {"type.mapping-of-strings", "a mapping of strings (quote values like \"true\" or \"1\")"},
    {"type.time", "a time in RFC 3339, like 2026-01-02T15:04:05Z"},
};

}  // namespace

const std::map<std::string, std::string>& catalog_en() {
  static const std::map<std::string, std::string> kCatalog = catalog_map(kEntries);
  return kCatalog;
}

}  // namespace gpuwhy::i18n
