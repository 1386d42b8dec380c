import { LinkedText } from '../../components/linked-text.tsx';

/** Chat text as text (spec 5), its links clickable; line breaks are kept by the caller's CSS. */
export function MessageText({ text }: { text: string }) {
  return (
    <LinkedText
      text={text}
      linkClassName="font-semibold break-all underline decoration-2 underline-offset-2"
    />
  );
}
