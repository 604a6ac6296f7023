package main

import (
	"path/filepath"

	atlasmigrate "ariga.io/atlas/sql/migrate"
	"ariga.io/atlas/sql/sqltool"
)

// rehashSums rewrites atlas.sum in both dialect folders. A hand-written migration
// (SQL that ent cannot express, such as full-text indexes and triggers) is added
// after the generated ones, and the sum must cover it for the next diff to run.
func rehashSums(dir string) error {
	for _, folder := range []string{"postgres", "sqlite"} {
		d, err := sqltool.NewGolangMigrateDir(filepath.Join(dir, folder))
		if err != nil {
			return err
		}
		sum, err := d.Checksum()
		if err != nil {
			return err
		}
		if err := atlasmigrate.WriteSumFile(d, sum); err != nil {
			return err
		}
	}
	return nil
}
