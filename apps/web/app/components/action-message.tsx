/** What a form's action answered: read out politely when it worked, as an alert when it did not. */
export function ActionMessage({ answer }: { answer: { ok: boolean; message: string } | undefined }) {
  if (!answer) return null;
  return (
    <p
      role={answer.ok ? 'status' : 'alert'}
      className={`text-sm font-semibold ${answer.ok ? 'text-ink' : 'text-coral-strong'}`}
    >
      {answer.message}
    </p>
  );
}
