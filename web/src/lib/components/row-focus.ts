// Where the focus goes when a confirmed action removes the table row whose
// control had it (a deleted client, a revoked invitation): the row's button
// goes with it, and the focus would fall to the page's top (WCAG 2.4.3).

/**
 * Notes the rows beside the focused control's row, while they are its neighbours; the returned function, called
 * once the row is gone, names the next row's first control, else the previous row's, else `whenEmpty`'s element
 * (the list's main action). For `useConfirm`'s `returnFocus`.
 */
export function focusAfterRowRemoval(whenEmpty: () => HTMLElement | null | undefined): () => HTMLElement | null | undefined {
  const row = document.activeElement instanceof HTMLElement ? document.activeElement.closest("tr") : null;
  const neighbours = [row?.nextElementSibling, row?.previousElementSibling];
  return () =>
    neighbours.find((neighbour) => neighbour?.isConnected)?.querySelector<HTMLElement>("a[href], button:not(:disabled)") ?? whenEmpty();
}
