package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
)

// compare reports how many files of a and b are identical, which differ
// and which exist on one side only. It fails when any is not identical.
func compare(args []string, w io.Writer) error {
	if len(args) != 2 {
		return errors.New("compare needs two folders")
	}
	a, err := listFiles(args[0])
	if err != nil {
		return err
	}
	b, err := listFiles(args[1])
	if err != nil {
		return err
	}
	same, scenarios := 0, 0
	var diff, only []string
	for name := range a {
		if !b[name] {
			only = append(only, args[0]+": "+name)
			continue
		}
		x, err := os.ReadFile(filepath.Join(args[0], name))
		if err != nil {
			return err
		}
		y, err := os.ReadFile(filepath.Join(args[1], name))
		if err != nil {
			return err
		}
		if bytes.Equal(x, y) {
			same++
			if filepath.Ext(name) == ".cli" {
				scenarios++
			}
		} else {
			diff = append(diff, name)
		}
	}
	for name := range b {
		if !a[name] {
			only = append(only, args[1]+": "+name)
		}
	}
	sort.Strings(diff)
	sort.Strings(only)
	fmt.Fprintf(w, "%d files identical (%d scenarios' cmd/sim output), %d differ, %d on one side only\n", same, scenarios, len(diff), len(only))
	for _, d := range diff {
		fmt.Fprintln(w, "differs:", d)
	}
	for _, o := range only {
		fmt.Fprintln(w, "only in", o)
	}
	if len(diff) > 0 || len(only) > 0 {
		return errors.New("the recordings differ")
	}
	return nil
}

func listFiles(dir string) (map[string]bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() {
			out[e.Name()] = true
		}
	}
	return out, nil
}
