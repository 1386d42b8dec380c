import { LegalDocument } from '../components/legal-document.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';
import { contactEmailFor } from '../features/session/contact-email.ts';
import { useRootData } from '../root-data.ts';

export const meta = pageMeta({
  title: 'Copyright',
  description:
    'How to tell Plaza about content that infringes your copyright, and how to respond to a notice.',
  path: '/copyright',
});

/** Copyright (spec 2.1): how to file a notice, and a counter-notice. */
export default function Copyright() {
  const contactEmail = contactEmailFor(useRootData());
  const mail = <a href={`mailto:${contactEmail}?subject=Copyright%20notice`}>{contactEmail}</a>;
  return (
    <LegalDocument
      title="Copyright"
      updated="22 November 2026"
      lead="People share photos, posters and music on Plaza. If something posted here is yours and was shared without your permission, tell us and we will act quickly."
      summary={
        <ul>
          <li>Send a notice to {contactEmail} with the details listed below.</li>
          <li>We remove or disable the content and tell the person who posted it.</li>
          <li>They can send a counter-notice if they believe we made a mistake.</li>
        </ul>
      }
      sections={[
        {
          id: 'notice',
          title: 'Filing a notice',
          body: (
            <>
              <p>Your notice must include:</p>
              <ol>
                <li>your name, postal address, phone number and e-mail address;</li>
                <li>a description of the work you own, such as a photo, a text or a piece of music;</li>
                <li>the Plaza link of each item you want removed (use Share, then Copy link);</li>
                <li>
                  a statement that you believe in good faith that the use is not allowed by you, your agent or
                  the law;
                </li>
                <li>
                  a statement that the information in the notice is accurate and, under penalty of perjury,
                  that you own the rights or may act for the owner;
                </li>
                <li>your physical or electronic signature (typing your full name is enough).</li>
              </ol>
            </>
          ),
        },
        {
          id: 'where',
          title: 'Where to send it',
          body: (
            <>
              <p>E-mail your notice to {mail} with the subject “Copyright notice”.</p>
              <p>
                Plaza can be run by anyone. If the content is on another Plaza (a different web address), send
                the notice to the operator of that Plaza; their contact address is in their footer under “Get
                in touch”.
              </p>
            </>
          ),
        },
        {
          id: 'next',
          title: 'What happens next',
          body: (
            <p>
              We review complete notices within two working days. If the notice is valid we remove or disable
              the content and tell the person who posted it, with a copy of your notice (your contact details
              included, as the law requires). Incomplete notices get a reply saying what is missing.
            </p>
          ),
        },
        {
          id: 'counter-notice',
          title: 'Counter-notices',
          body: (
            <p>
              If your content was removed and you believe that was a mistake, or that you had permission,
              reply to our e-mail with your name, address and phone number, the link of the removed content, a
              statement under penalty of perjury that you believe it was removed by mistake, your consent to
              the jurisdiction of your local court, and your signature. We forward it to the person who sent
              the notice, and restore the content after 10 to 14 working days unless they tell us they have
              gone to court.
            </p>
          ),
        },
        {
          id: 'repeat',
          title: 'Repeat infringement',
          body: (
            <p>
              We close the accounts of people who repeatedly post content they do not have the right to share.
              Sending notices you know to be false is also against our rules, and may make you liable for
              damages.
            </p>
          ),
        },
      ]}
    />
  );
}
