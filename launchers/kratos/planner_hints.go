package main

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"

	// The SQLite driver Kratos itself uses (pop's "sqlite3").
	_ "github.com/mattn/go-sqlite3"
)

// plannerHintsCommand writes SQLite's planner statistics for the tables that
// Kratos' identity list joins, into the database of DSN (Kratos' sqlite://
// form), after the migrations and before Kratos serves.
//
// Why: Kratos' admin list of identities filtered by a sign-in identifier
// (credentials_identifier, preview_credentials_identifier_similar) joins
// identities, their credentials and the credentials' identifiers. Without
// statistics, SQLite's planner looks the identifiers up by the index that
// starts with the network id, which every row shares: it reads every
// identifier once per credential, a time that grows with the square of the
// people (2.3 s for an exact address and 2.8 s for its beginning at 4,500
// people). The statistics say what holds in any database of one network: the
// network id picks every row, a credential has its own identifiers, a person
// about three credentials. The planner then reads the identifiers of each
// credential (the beginning of an address) or the address itself (an exact
// one): 14 ms and under 1 ms there. ANALYZE alone would not do: on the empty
// database of a new stack it writes nothing for these tables, and the rows it
// writes later describe the data of that moment.
const plannerHintsCommand = "sqlite-planner-hints"

// Assumed rows of each table, and each index's rows per value of its leading
// columns, as sqlite_stat1 holds them (https://sqlite.org/fileformat2.html#stat1tab).
var plannerHints = []struct{ table, index, stat string }{
	{"identity_credential_identifiers", "identity_credential_identifiers_nid_i_ici_idx", "10000 10000 1 1"},
	{"identity_credential_identifiers", "identity_credential_identifiers_identifier_nid_type_uq_idx", "10000 10000 2500 1"},
	{"identity_credential_identifiers", "identity_credential_identifiers_nid_identity_credential_id_idx", "10000 1 1"},
	{"identity_credential_identifiers", "identity_credential_identifiers_nid_id_idx", "10000 10000 1"},
	{"identity_credential_identifiers", "identity_credential_identifiers_id_nid_idx", "10000 1 1"},
	{"identity_credential_identifiers", "sqlite_autoindex_identity_credential_identifiers_1", "10000 1"},
	{"identity_credentials", "identity_credentials_nid_identity_id_idx", "10000 3 3"},
	{"identity_credentials", "identity_credentials_nid_id_idx", "10000 10000 1"},
	{"identity_credentials", "identity_credentials_id_nid_idx", "10000 1 1"},
	{"identity_credentials", "sqlite_autoindex_identity_credentials_1", "10000 1"},
}

func writePlannerHints(dsn string) error {
	path, ok := strings.CutPrefix(dsn, "sqlite://")
	if !ok {
		return errors.New("DSN is not Kratos' sqlite:// form")
	}
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		return err
	}
	defer db.Close()
	// sqlite_stat1 exists once something was analysed: the credential types are a table of a few rows.
	if _, err := db.Exec("ANALYZE identity_credential_types"); err != nil {
		return fmt.Errorf("creating sqlite_stat1 (are Kratos' migrations applied?): %w", err)
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // a no-op once committed
	if _, err := tx.Exec("DELETE FROM sqlite_stat1 WHERE tbl IN ('identity_credential_identifiers', 'identity_credentials')"); err != nil {
		return err
	}
	for _, hint := range plannerHints {
		if _, err := tx.Exec("INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)", hint.table, hint.index, hint.stat); err != nil {
			return err
		}
	}
	return tx.Commit()
}
