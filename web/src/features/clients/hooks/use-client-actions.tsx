// What an admin does to the clients of Manage Clients
// (pages/manage-clients-page.tsx): create and edit one in its form, rotate
// its secret or delete it after asking, each with the dialogs it opens. A
// failure appears where the admin acted (the form, the dialog that asked);
// one that concerns the whole page (the session gone, the role or second
// factor missing, Hydra down) becomes the page's problem too.
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type RefObject } from "react";
import { useText } from "../../../lib/i18n/text";
import { apiProblemOf } from "../../../lib/api-problem";
import { concernsSession, problemOf, type PageProblem } from "../../../lib/components/page-problem";
import { useCurrentSession } from "../../../lib/current-session";
import { focusAfterRowRemoval } from "../../../lib/components/row-focus";
import { errorMessage } from "../../../lib/error-message";
import { useToast } from "../../../lib/feedback/toast";
import { useConfirm } from "../../../lib/feedback/use-confirm";
import type { Client } from "../api/client-types";
import { useCreateClient } from "../api/create-client";
import { useDeleteClient } from "../api/delete-client";
import { clientQueryOptions } from "../api/get-client";
import { useRotateClientSecret } from "../api/rotate-client-secret";
import { useUpdateClient } from "../api/update-client";
import type { ShownSecret } from "../components/secret-dialog";
import { formValuesOf, newClientValues, toClientInput, toClientUpdate, type ClientFormValues } from "../utils/client-form-values";
import { nameOf } from "../utils/name-of";

/** What the open form edits: a new client, or an existing one as it was when the form opened. */
export interface OpenForm {
  key: number;
  client?: Client;
  initial: ClientFormValues;
}

/** `newClient`: the page's "New client", where the focus goes when a deletion leaves the list empty. */
export function useClientActions(newClient: RefObject<HTMLElement | null>) {
  const { t } = useText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const { refresh } = useCurrentSession();
  const create = useCreateClient();
  const update = useUpdateClient();
  const rotate = useRotateClientSecret();
  const remove = useDeleteClient();
  const [form, setForm] = useState<OpenForm | null>(null);
  // Each opened form starts from its own values: a new key mounts a new form.
  const formCount = useRef(0);
  const [formShown, setFormShown] = useState(false);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [secretShown, setSecretShown] = useState(false);
  // The control that started the action ("New client", a row's "Edit" or "Rotate secret"), which gets the focus
  // back when its dialogs have gone (WCAG 2.4.3). The dialogs cannot remember it themselves: a row's "Edit" is
  // disabled while its client loads, which takes the focus from it before the form opens, and the secret's
  // dialog opens as the form or the question closes.
  const opener = useRef<HTMLElement | null>(null);
  const [opening, setOpening] = useState<{ id: string; failure?: string } | null>(null);
  const [problem, setProblem] = useState<PageProblem | null>(null);

  /** Failures that are not about the action itself (session gone, role or second factor missing, Hydra down) also concern the page. */
  function notePageFailure(error: unknown) {
    if (concernsSession(apiProblemOf(error))) void refresh();
    const found = problemOf(error);
    if (found) setProblem(found);
  }

  function showSecret(shown: ShownSecret) {
    setSecret(shown);
    setSecretShown(true);
  }

  function noteOpener() {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }

  function returnFocus() {
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }

  function formClosed() {
    setForm(null);
    // A created client's secret is in front now; its dialog gives the focus back when it closes.
    if (!secret) returnFocus();
  }

  function secretClosed() {
    setSecret(null);
    returnFocus();
  }

  function openForm(client?: Client) {
    if (!client) noteOpener();
    formCount.current += 1;
    setForm({ key: formCount.current, client, initial: client ? formValuesOf(client) : newClientValues });
    setFormShown(true);
  }

  async function openEdit(client: Client) {
    noteOpener();
    // The list may be older than the client: edit what is stored now.
    setOpening({ id: client.client_id });
    try {
      openForm(await queryClient.query(clientQueryOptions(client.client_id)));
      setOpening(null);
    } catch (error) {
      notePageFailure(error);
      setOpening({ id: client.client_id, failure: t("clients.openFailed", { name: nameOf(client), message: errorMessage(error) }) });
    }
  }

  async function save(values: ClientFormValues) {
    if (!form) return;
    try {
      if (form.client) {
        const changes = toClientUpdate(form.initial, values);
        if (Object.keys(changes).length === 0) {
          setFormShown(false);
          toast.show(t("clients.nothingChanged"), "info");
          return;
        }
        const saved = await update.mutateAsync({ id: form.client.client_id, update: changes });
        setFormShown(false);
        toast.show(t("clients.saved", { name: nameOf(saved) }), "success");
      } else {
        const created = await create.mutateAsync(toClientInput(values));
        // The secret goes to its dialog only; the data layer forgets the answer.
        create.reset();
        setFormShown(false);
        toast.show(t("clients.created", { name: nameOf(created) }), "success");
        if (created.client_secret) {
          showSecret({
            title: t("clients.secret.createdTitle"),
            clientName: nameOf(created),
            clientId: created.client_id,
            secret: created.client_secret,
          });
        }
      }
    } catch (error) {
      notePageFailure(error);
      throw error;
    }
  }

  async function confirmRotate(client: Client) {
    noteOpener();
    let rotated: string | undefined;
    const confirmed = await confirm({
      title: t("clients.confirmRotate.title"),
      body: <p className="mb-0">{t("clients.confirmRotate.body", { name: nameOf(client) })}</p>,
      confirmLabel: t("clients.rotate"),
      action: async () => {
        try {
          rotated = (await rotate.mutateAsync(client.client_id)).client_secret;
          rotate.reset();
        } catch (error) {
          notePageFailure(error);
          throw error;
        }
      },
    });
    if (!confirmed || !rotated) return;
    toast.show(t("clients.rotated", { name: nameOf(client) }), "success");
    showSecret({ title: t("clients.secret.rotatedTitle"), clientName: nameOf(client), clientId: client.client_id, secret: rotated });
  }

  async function confirmDelete(client: Client) {
    // The row goes with the client: the focus goes to the next row's "Edit", else the previous row's, else
    // (the list is empty) to "New client".
    const returnFocus = focusAfterRowRemoval(() => newClient.current);
    const confirmed = await confirm({
      title: t("clients.confirmDelete.title"),
      body: <p className="mb-0">{t("clients.confirmDelete.body", { name: nameOf(client) })}</p>,
      confirmLabel: t("clients.delete"),
      variant: "danger",
      returnFocus,
      action: () =>
        remove.mutateAsync(client.client_id).catch((error: unknown) => {
          notePageFailure(error);
          throw error;
        }),
    });
    if (confirmed) toast.show(t("clients.deleted", { name: nameOf(client) }), "success");
  }

  return {
    /** An action's failure that concerns the whole page; cleared to try again. */
    problem,
    clearProblem: () => setProblem(null),
    form,
    formShown,
    closeForm: () => setFormShown(false),
    formClosed,
    secret,
    secretShown,
    closeSecret: () => setSecretShown(false),
    secretClosed,
    /** The client whose form is being opened, or why it could not be. */
    opening,
    dismissOpening: () => setOpening(null),
    openForm,
    openEdit,
    save,
    confirmRotate,
    confirmDelete,
    /** The dialog that asks before rotating or deleting. */
    dialog,
  };
}
