// Inviting one person: their address, an optional name, the language of their
// mail (the admin's own by default) and the roles from the role contract. The
// fields are read at submit, so what was typed is what is sent; the server's
// refusals (an address with an account, a wrong field) show in the dialog.
import { useId, useState, type FormEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import Spinner from "react-bootstrap/Spinner";
import { useText } from "../../../lib/i18n/text";
import { emailAddressMax, isEmailAddress } from "#contract/email-address.js";
import { isLanguage, languageNames, languages } from "#contract/languages.js";
import { grantableRoles } from "#contract/roles.js";
import { Modal } from "../../../lib/components/modal";
import { errorMessage, fieldErrorMessage } from "../../../lib/error-message";
import { ApiError } from "../../../lib/api-client";
import type { InvitationBody, InvitationSent } from "../api/invitation-types";
import { useSendInvitation } from "../api/send-invitation";

export function InviteDialog({ show, onClose, onSent }: { show: boolean; onClose: () => void; onSent: (sent: InvitationSent) => void }) {
  const { t, i18n } = useText();
  const send = useSendInvitation();
  const titleId = useId();
  const emailProblemId = useId();
  const [addressRefused, setAddressRefused] = useState(false);
  const fieldErrors = send.error instanceof ApiError ? (send.error.details.fieldErrors ?? []) : [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value.trim() : "";
    };
    // Kratos' own rules, so that an address it would refuse is named here and never sent.
    const refused = !isEmailAddress(text("email"));
    setAddressRefused(refused);
    if (refused) return;
    const language = text("language");
    const body: InvitationBody = {
      email: text("email"),
      ...(text("first_name") === "" ? {} : { first_name: text("first_name") }),
      ...(text("last_name") === "" ? {} : { last_name: text("last_name") }),
      language: isLanguage(language) ? language : "en",
      roles: grantableRoles.filter((role) => form.get(`role-${role}`) !== null),
      notify: form.get("notify") !== null,
    };
    send.mutate(body, {
      onSuccess: (sent) => {
        send.reset();
        onSent(sent);
      },
    });
  }

  const close = () => {
    send.reset();
    setAddressRefused(false);
    onClose();
  };

  return (
    <Modal show={show} onHide={close} aria-labelledby={titleId} centered>
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t("common.close")}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t("users.invitations.formTitle")}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {send.isError && (
            <Alert variant="danger" className="small">
              <p className="mb-0">{errorMessage(send.error)}</p>
              {fieldErrors.length > 0 && (
                <ul className="mb-0">
                  {fieldErrors.map((problem) => (
                    <li key={`${problem.field}-${problem.code}`}>
                      {problem.field}: {fieldErrorMessage(problem)}
                    </li>
                  ))}
                </ul>
              )}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId="invite-email">
            <Form.Label>{t("users.invitations.email")}</Form.Label>
            <Form.Control
              name="email"
              type="email"
              autoComplete="off"
              required
              maxLength={emailAddressMax}
              isInvalid={addressRefused}
              aria-invalid={addressRefused}
              aria-describedby={addressRefused ? emailProblemId : undefined}
            />
            {addressRefused && (
              <Form.Control.Feedback type="invalid" id={emailProblemId}>
                {t("users.invitations.emailInvalid")}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <div className="row g-2 mb-3">
            <Form.Group className="col-sm" controlId="invite-first-name">
              <Form.Label>{t("users.invitations.firstName")}</Form.Label>
              <Form.Control name="first_name" autoComplete="off" maxLength={100} />
            </Form.Group>
            <Form.Group className="col-sm" controlId="invite-last-name">
              <Form.Label>{t("users.invitations.lastName")}</Form.Label>
              <Form.Control name="last_name" autoComplete="off" maxLength={100} />
            </Form.Group>
          </div>
          <Form.Group className="mb-3" controlId="invite-language">
            <Form.Label>{t("users.invitations.language")}</Form.Label>
            <Form.Select
              name="language"
              defaultValue={isLanguage(i18n.language) ? i18n.language : "en"}
              aria-describedby="invite-language-help"
            >
              {languages.map((language) => (
                <option key={language} value={language} lang={language}>
                  {languageNames[language]}
                </option>
              ))}
            </Form.Select>
            <Form.Text id="invite-language-help">{t("users.invitations.languageHelp")}</Form.Text>
          </Form.Group>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t("users.invitations.roles")}</legend>
            {grantableRoles.map((role) => (
              <Form.Check key={role} id={`invite-role-${role}`} name={`role-${role}`} label={t(`users.invitations.role.${role}`)} />
            ))}
          </fieldset>
          <Form.Check id="invite-notify" name="notify" label={t("users.invitations.notify")} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="primary" disabled={send.isPending}>
            {send.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t("users.invitations.send")}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
