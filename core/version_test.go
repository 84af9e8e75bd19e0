package core

import "testing"

func TestParseVersion(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    int
		wantErr bool
	}{
		{"", 37, false}, {"1.37", 37, false}, {"v1.33", 33, false}, {"1.26.4", 26, false},
		{"1.25", 0, true}, {"1.38", 0, true}, {"2.1", 0, true}, {"1.x", 0, true}, {"1.", 0, true}, {"137", 0, true},
	} {
		got, err := ParseVersion(tc.in)
		if (err != nil) != tc.wantErr {
			t.Errorf("ParseVersion(%q) error = %v, want error %v", tc.in, err, tc.wantErr)
			continue
		}
		if !tc.wantErr && got.Minor != tc.want {
			t.Errorf("ParseVersion(%q) = 1.%d, want 1.%d", tc.in, got.Minor, tc.want)
		}
	}
	if !(Version{}).AtLeast(37) || (Version{Minor: 33}).AtLeast(34) || (Version{}).String() != "1.37" {
		t.Error("zero Version must behave as the default 1.37")
	}
}
