package link

// dict1 is the DEFLATE dictionary of link format 1: scenario and
// Kubernetes vocabulary in the canonical layout, the most common last
// (closest to the data). Frozen: changing one byte breaks every format-1
// link.
const dict1 = ` the node the pod the pods the nodes the scheduler the taint the toleration tolerations taints a toleration a taint is not does not and its with that which when because only still every stays Pending runs running evicted eviction evicts lands placed scheduled stays on the set-aside nodes untainted node tolerates it tolerates no toleration for the key the value the effect Equal Exists NoSchedule PreferNoSchedule NoExecute tolerationSeconds node-lifecycle controller taint-eviction controller kubelet FailedScheduling Scheduled TaintManagerEviction DisruptionTarget seconds after the step at once, then , so . The A An
apiVersion: policy/v1
kind: PodDisruptionBudget
spec:
  minAvailable: 1
  maxUnavailable: 1
---
kind: PriorityClass
value: 1000
preemptionPolicy: Never
globalDefault: true
---
kind: Namespace
metadata:
  annotations:
    scheduler.alpha.kubernetes.io/defaultTolerations: '[{"operator": "Exists", "effect": "NoSchedule", "key": "
    scheduler.alpha.kubernetes.io/tolerationsWhitelist: '[{"operator": "Exists", "effect": "NoSchedule", "key": "
---
kind: DaemonSet
spec:
  selector:
    matchLabels:
      app: 
  template:
    metadata:
      labels:
        app: 
    spec:
      tolerations:
      - operator: Exists
      containers:
      - name: agent
        image: 
---
kind: Deployment
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx
        resources:
          requests:
            cpu: 100m
            memory: 128Mi
---
kind: ReplicaSet
metadata:
  ownerReferences:
  - apiVersion: apps/v1
    kind: ReplicaSet
    name: 
    controller: true
options:
  seed: 1
  kubernetesVersion: "1.3
  featureGates:
    TaintTolerationComparisonOperators: true
  enableAdmissionPlugins:
  - PodTolerationRestriction
  disableAdmissionPlugins:
  - DefaultTolerationSeconds
  defaultNotReadyTolerationSeconds: 300
  defaultUnreachableTolerationSeconds: 300
  podTolerationRestriction:
    default:
    whitelist:
steps:
- at: 30s
  run: kubectl drain node-1 --ignore-daemonsets --delete-emptydir-data --force
  caption: 
- at: 1m0s
  run: kubectl scale deployment web --replicas=
- at: 2m0s
  run: kubectl apply -f -
  manifest: |
- at: 5m0s
  run: kubectl label nodes node-1 
- at: 10s
  run: kubectl delete pod 
- at: 20s
  run: kubectl describe pod 
- at: 40s
  run: kubectl get events
- at: 50s
  run: kubectl get pods -o wide
- at: 1m30s
  run: kubectl describe node 
- at: 0s
  run: wait 5m
- at: 3m0s
  run: node node-1 condition MemoryPressure=True
- at: 4m0s
  run: node node-1 condition DiskPressure=True
- at: 6m0s
  run: node node-1 not-ready
- at: 7m0s
  run: node node-1 unreachable
- at: 8m0s
  run: node node-1 ready
- at: 9m0s
  run: node node-1 stop
- at: 11m0s
  run: node node-1 start
- at: 60s
  run: kubectl uncordon node-1
- at: 45s
  run: kubectl cordon node-1
- at: 15s
  run: create node node-2
- at: 25s
  run: create pod 
- at: 35s
  run: kubectl taint nodes node-1 dedicated=
  caption: 
- at: 55s
  run: kubectl taint nodes node-1 node.kubernetes.io/unreachable:NoExecute-
kind: Node
metadata:
  name: gpu-node-1
  labels:
    kubernetes.io/hostname: gpu-node-1
    kubernetes.io/os: linux
    node-role.kubernetes.io/control-plane: ""
    nvidia.com/gpu: "true"
    node.kubernetes.io/instance-type: 
spec:
  unschedulable: true
  taints:
  - key: node-role.kubernetes.io/control-plane
    effect: NoSchedule
  - key: node.kubernetes.io/not-ready
    effect: NoExecute
  - key: node.kubernetes.io/unreachable
    effect: NoExecute
  - key: node.kubernetes.io/disk-pressure
    effect: NoSchedule
  - key: node.kubernetes.io/memory-pressure
    effect: NoSchedule
  - key: nvidia.com/gpu
    value: "true"
    effect: NoSchedule
status:
  capacity:
    cpu: "8"
    memory: 32Gi
    nvidia.com/gpu: "4"
    pods: "110"
  conditions:
  - type: DiskPressure
    status: "False"
  - type: MemoryPressure
    status: "True"
  - type: Ready
    status: "True"
---
kind: Pod
metadata:
  name: pod-a
  labels:
    app: 
spec:
  nodeName: node-1
  priorityClassName: high
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: topology.kubernetes.io/zone
            operator: In
            values:
            - zone-a
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 1
        preference:
          matchExpressions:
          - key: 
            operator: In
            values:
  tolerations:
  - key: node.kubernetes.io/not-ready
    operator: Exists
    effect: NoExecute
    tolerationSeconds: 300
  - key: node.kubernetes.io/unreachable
    operator: Exists
    effect: NoExecute
    tolerationSeconds: 
  - operator: Exists
  containers:
  - name: app
    image: busybox
    resources:
      limits:
        nvidia.com/gpu: "1"
kind: Scenario
name: 
title: 
description: 
until: 
---
kind: Node
metadata:
  name: node-1
  labels:
    kubernetes.io/hostname: node-1
    topology.kubernetes.io/zone: zone-a
spec:
  taints:
  - key: dedicated
    value: 
    effect: NoSchedule
status:
  allocatable:
    cpu: "4"
    memory: 16Gi
    pods: "110"
---
kind: Pod
metadata:
  name: 
  labels:
    app: 
spec:
  nodeSelector:
    pool: 
  tolerations:
  - key: dedicated
    operator: Equal
    value: 
    effect: NoSchedule
  containers:
  - name: 
    image: 
    resources:
      requests:
        cpu: 500m
        memory: 1Gi
---
`
