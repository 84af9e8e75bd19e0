package wellknown_test

import (
	"fmt"

	"github.com/taints-playground/playground/core/wellknown"
)

func ExampleLookup() {
	e, _ := wellknown.Lookup("node.kubernetes.io/unreachable")
	for _, t := range e.Taints() {
		fmt.Println(t.ToString())
	}
	fmt.Println(e.DocsURL)
	// Output:
	// node.kubernetes.io/unreachable:NoExecute
	// node.kubernetes.io/unreachable:NoSchedule
	// https://kubernetes.io/docs/reference/labels-annotations-taints/#node-kubernetes-io-unreachable
}

func ExampleByGroup() {
	for _, e := range wellknown.ByGroup(wellknown.GroupSpot) {
		t := e.Taint()
		fmt.Printf("%s  %s\n", t.ToString(), e.Vendor)
	}
	// Output:
	// cloud.google.com/gke-spot=true:NoSchedule  Google Kubernetes Engine (Spot VMs)
	// kubernetes.azure.com/scalesetpriority=spot:NoSchedule  Azure Kubernetes Service (Spot node pools)
	// eks.amazonaws.com/capacityType=SPOT:NoSchedule  Amazon EKS (managed node groups)
}
