/** Where modals (sign-up, sign-out confirmation, toasts) are portalled; every layout has exactly one. */
export const MODAL_OUTLET_ID = 'plaza-modals';

export function ModalOutlet() {
  return <div id={MODAL_OUTLET_ID} />;
}
