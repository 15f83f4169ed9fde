package main

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ory/kratos/cmd"
	"github.com/ory/kratos/driver"
	"github.com/ory/x/dbal"
)

// The join of Kratos' ListIdentities with an identifier filter
// (persistence/sql/identity/persister_identity.go of Kratos v1.3.1), for an
// exact address (=) and for its beginning (LIKE).
const identitiesByIdentifier = `
SELECT DISTINCT identities.* FROM identities AS identities
INNER JOIN identity_credentials ic ON ic.identity_id = identities.id
INNER JOIN identity_credential_types ict ON ict.id = ic.identity_credential_type_id
INNER JOIN identity_credential_identifiers ici ON ici.identity_credential_id = ic.id
WHERE identities.nid = ? AND identities.id > ?
AND ic.nid = ? AND ici.nid = ?
AND ((ict.name IN ('webauthn', 'password', 'code') AND ici.identifier OPERATOR ?) OR (ict.name IN ('oidc') AND ici.identifier OPERATOR ?))
ORDER BY identities.id ASC LIMIT 251`

// How SQLite's planner reads the credentials' identifiers for each operator.
func identifierPlans(t *testing.T, path string) map[string]string {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	plans := map[string]string{}
	for _, operator := range []string{"=", "LIKE"} {
		query := strings.ReplaceAll(identitiesByIdentifier, "OPERATOR", operator)
		rows, err := db.Query("EXPLAIN QUERY PLAN "+query, "n", "0", "n", "n", "ada@example.org", "ada@example.org")
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(detail, " ici ") {
				plans[operator] += detail + "\n"
			}
		}
		rows.Close()
	}
	return plans
}

// A database as Kratos' own migrations make it, at path.
func migrated(t *testing.T, path string) string {
	t.Helper()
	dsn := "sqlite://" + path + "?_fk=true&mode=rwc&_journal_mode=WAL"
	t.Setenv("DSN", dsn)
	// As cmd.Execute does before the commands run.
	dbal.RegisterDriver(func() dbal.Driver { return driver.NewRegistryDefault() })
	root := cmd.NewRootCmd()
	root.SetArgs([]string{"migrate", "sql", "-e", "--yes"})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	return dsn
}

func TestPlannerHintsTakeTheSearchByAddressToAnIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kratos.sqlite")
	dsn := migrated(t, path)

	before := identifierPlans(t, path)
	for operator, plan := range before {
		if !strings.Contains(plan, "(nid=?)") {
			t.Fatalf("without statistics, %s was expected to read every identifier of the network, as measured; the plan: %s", operator, plan)
		}
	}

	if err := writePlannerHints(dsn); err != nil {
		t.Fatal(err)
	}
	after := identifierPlans(t, path)
	if plan := after["="]; !strings.Contains(plan, "(nid=? AND identifier=?)") {
		t.Errorf("an exact address: the planner should seek the address; the plan: %s", plan)
	}
	if plan := after["LIKE"]; !strings.Contains(plan, "(identity_credential_id=? AND nid=?)") {
		t.Errorf("the beginning of an address: the planner should read each credential's own identifiers; the plan: %s", plan)
	}

	// Again, as every start of the stack does: the same statistics, not twice.
	if err := writePlannerHints(dsn); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var count int
	if err := db.QueryRow("SELECT count(*) FROM sqlite_stat1 WHERE tbl IN ('identity_credential_identifiers', 'identity_credentials')").Scan(&count); err != nil {
		t.Fatal(err)
	}
	if count != len(plannerHints) {
		t.Errorf("sqlite_stat1 holds %d rows for the two tables, want %d", count, len(plannerHints))
	}
}

func TestPlannerHintsRefuseADatabaseThatIsNotSQLite(t *testing.T) {
	if err := writePlannerHints("postgres://kratos@localhost/kratos"); err == nil {
		t.Fatal("a PostgreSQL DSN was taken")
	}
}
