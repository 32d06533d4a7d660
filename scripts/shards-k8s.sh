#!/usr/bin/env bash
# Plays one whisker run as a Kubernetes Indexed Job (pod i plays shard i), then merges the
# shards with a second Job once the first has completed. Results go to a volume claim
# (`whisker-results`, ReadWriteMany, made here if missing): shards to /results/NAME.shards/I,
# the merged result to /results/NAME.
#
#   scripts/shards-k8s.sh run N NAME [simulate arguments...]    apply, wait, merge, wait
#   scripts/shards-k8s.sh print N NAME [simulate arguments...]  the manifests, to read or apply
#       e.g. scripts/shards-k8s.sh run 16 big --games 100000000 --seed 3
#
# The image: build it from the repository and make it reachable by the cluster's nodes:
#   docker build -f scripts/Dockerfile -t whisker:0.2.0 .
#   docker push REGISTRY/whisker:0.2.0   (or load it into the nodes, e.g. `kind load docker-image`)
# and set IMAGE=REGISTRY/whisker:0.2.0 (default whisker:0.2.0, pulled only if not present).
# CPUS (default 2) is each pod's CPU request and limit, and its --threads; STORAGE (default
# 20Gi) the claim's size. Do not pass --threads, --shard or --out yourself.
set -euo pipefail

image=${IMAGE:-whisker:0.2.0}
cpus=${CPUS:-2}
storage=${STORAGE:-20Gi}

usage() {
  echo "usage: $0 run|print N NAME [simulate arguments...]" >&2
  exit 2
}
[ $# -ge 3 ] || usage
mode=$1 n=$2 name=$3
shift 3
[[ $mode == run || $mode == print ]] || usage
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "$0: N must be a whole number, at least 1" >&2; exit 2; }
[[ $name =~ ^[A-Za-z0-9._-]+$ ]] || { echo "$0: NAME is a folder name on the volume: letters, digits, . _ -" >&2; exit 2; }
[[ $cpus =~ ^[1-9][0-9]*$ ]] || { echo "$0: CPUS must be a whole number" >&2; exit 2; }

# A string as YAML reads it (a JSON string is a YAML string).
yaml_string() {
  local s=${1//\\/\\\\}
  s=${s//\"/\\\"}
  printf '"%s"' "$s"
}
# The simulate arguments, each quoted for sh.
simulate_args=""
for a in "$@"; do simulate_args+=" $(printf '%q' "$a")"; done

shard_command="exec whisker simulate$simulate_args --quiet --threads $cpus \
--shard \"\$JOB_COMPLETION_INDEX/$n\" --out \"/results/$name.shards/\$JOB_COMPLETION_INDEX\""
merge_command="exec whisker merge /results/$name.shards/* --out /results/$name"

volume() {
  cat <<EOF
          volumeMounts:
            - { name: results, mountPath: /results }
      volumes:
        - name: results
          persistentVolumeClaim: { claimName: whisker-results }
EOF
}

shards_job() {
  cat <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: whisker-results
spec:
  accessModes: [ReadWriteMany]
  resources:
    requests: { storage: $storage }
---
apiVersion: batch/v1
kind: Job
metadata:
  name: whisker-shards-$name
spec:
  completions: $n
  parallelism: $n
  completionMode: Indexed
  backoffLimit: $((2 * n))
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: shard
          image: $image
          imagePullPolicy: IfNotPresent
          command: ["sh", "-c", $(yaml_string "$shard_command")]
          resources:
            requests: { cpu: "$cpus", memory: 256Mi }
            limits: { cpu: "$cpus", memory: 1Gi }
$(volume)
EOF
}

merge_job() {
  cat <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: whisker-merge-$name
spec:
  backoffLimit: 0
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: merge
          image: $image
          imagePullPolicy: IfNotPresent
          command: ["sh", "-c", $(yaml_string "$merge_command")]
          resources:
            requests: { cpu: "1", memory: 256Mi }
            limits: { cpu: "1", memory: 4Gi }
$(volume)
EOF
}

if [ "$mode" = print ]; then
  shards_job
  echo "---"
  merge_job
  exit 0
fi

# Waits for job $1 to complete; fails if it fails.
wait_for() {
  local state
  while :; do
    state=$(kubectl get "job/$1" -o jsonpath='{range .status.conditions[?(@.status=="True")]}{.type} {end}')
    case "$state" in
      *Complete*) return 0 ;;
      *Failed*)
        echo "$0: job $1 failed; see kubectl describe job/$1. Rerun it (kubectl delete job/$1, then this command again): finished shards are simply played again." >&2
        return 1
        ;;
    esac
    sleep 10
  done
}

shards_job | kubectl apply -f -
wait_for "whisker-shards-$name"
merge_job | kubectl apply -f -
wait_for "whisker-merge-$name"
kubectl logs "job/whisker-merge-$name"
