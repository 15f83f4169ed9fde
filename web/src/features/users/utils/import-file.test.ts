import { describe, expect, it } from "vitest";
import { keycloakHash, readImportFile } from "./import-file";

const peopleOf = async (text: string) => {
  const reading = await readImportFile(text);
  if (!("people" in reading)) throw new Error(`the file was refused: ${reading.problem}`);
  return reading.people;
};

describe("reading an export of another identity system", () => {
  it("turns Keycloak's pbkdf2 credential into Kratos' form: unpadded base64, iterations and key length", () => {
    const credential = {
      type: "password",
      secretData: JSON.stringify({ value: "AAECAwQFBgcICQoLDA0ODw==", salt: "c2FsdHNhbHQ=" }),
      credentialData: JSON.stringify({ hashIterations: 27500, algorithm: "pbkdf2-sha512" }),
    };
    expect(keycloakHash(credential)).toBe("$pbkdf2-sha512$i=27500,l=16$c2FsdHNhbHQ$AAECAwQFBgcICQoLDA0ODw");
    expect(keycloakHash({ ...credential, credentialData: JSON.stringify({ hashIterations: 1, algorithm: "argon2" }) })).toBe("");
  });

  it("reads a realm export's users, leaving Keycloak's default roles out", async () => {
    const realm = {
      users: [{ email: "ada@example.org", firstName: "Ada", lastName: "L", emailVerified: true, realmRoles: ["offline_access", "admin"] }],
    };
    expect(await peopleOf(JSON.stringify(realm))).toEqual([
      { email: "ada@example.org", first_name: "Ada", last_name: "L", verified: true, roles: ["admin"], password_hash: "" },
    ]);
  });

  it("reads Auth0's JSON lines and the plain CSV", async () => {
    const auth0 = `{"email":"a@example.org","email_verified":false,"given_name":"A","family_name":"B","passwordHash":"$2b$10$x"}\n`;
    expect((await peopleOf(auth0))[0]).toEqual({
      email: "a@example.org",
      first_name: "A",
      last_name: "B",
      verified: false,
      roles: [],
      password_hash: "$2b$10$x",
    });
    const csv = "email,first_name,last_name,verified,roles,password_hash\r\nc@example.org,C,D,yes,admin,$argon2id$v=19$x\r\n";
    expect((await peopleOf(csv))[0]).toEqual({
      email: "c@example.org",
      first_name: "C",
      last_name: "D",
      verified: true,
      roles: ["admin"],
      password_hash: "$argon2id$v=19$x",
    });
  });

  it("refuses a file it cannot read and one without people", async () => {
    expect(await readImportFile("name,phone\r\nx,1")).toEqual({ problem: "unreadable" });
    expect(await readImportFile('{"users":[]}')).toEqual({ problem: "empty" });
  });
});
