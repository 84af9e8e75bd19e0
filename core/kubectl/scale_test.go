package kubectl

import "testing"

func TestParseScale(t *testing.T) {
	for _, args := range [][]string{{"deployment", "web", "--replicas=5"}, {"deploy/web", "--replicas", "5"}} {
		o, err := ParseScale(args)
		if err != nil || o.Kind != "deployment" || o.Name != "web" || o.Replicas != 5 {
			t.Fatalf("%v: %+v %v", args, o, err)
		}
	}
	if _, err := ParseScale([]string{"deployment", "web"}); err == nil || err.Error() != `error: required flag(s) "replicas" not set` {
		t.Fatalf("%v", err)
	}
	if _, err := ParseScale([]string{"deployment", "web", "--replicas=-1"}); err == nil {
		t.Fatal("negative replicas accepted")
	}
	if ScaledText("deployment", "web") != "deployment.apps/web scaled" {
		t.Fatal("text")
	}
}
