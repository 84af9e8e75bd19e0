package upstream

import (
	"fmt"
	"testing"

	"k8s.io/kubectl/pkg/cmd/get"
)

func TestKgetProbe(t *testing.T) {
	pf := get.NewGetPrintFlags()
	for _, o := range []string{"bogus", "jsonpath", "jsonpath={.items[*", "custom-columns", "custom-columns=A", "jsonpath=", "yaml", "kyaml"} {
		pf := get.NewGetPrintFlags()
		pf.OutputFormat = &o
		_, err := pf.ToPrinter()
		fmt.Printf("%q -> %v\n", o, err)
	}
	fmt.Println(pf.AllowedFormats())
}
