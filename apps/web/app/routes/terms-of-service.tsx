import { Link } from 'react-router';
import { LegalDocument } from '../components/legal-document.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';
import { contactEmailFor } from '../features/session/contact-email.ts';
import { useRootData } from '../root-data.ts';

export const meta = pageMeta({
  title: 'Terms of service',
  description:
    'The agreement between you and Plaza: who can use it, your content, meeting people safely, and how accounts end.',
  path: '/terms-of-service',
});

/** Terms of service (spec 2.1, alias /tos). */
export default function TermsOfService() {
  const contactEmail = contactEmailFor(useRootData());
  return (
    <LegalDocument
      title="Terms of service"
      updated="22 November 2026"
      lead="These terms are the agreement between you and the operator of this Plaza. We kept them short and readable; please read them before you sign up."
      summary={
        <ul>
          <li>You must be 16 or older, and you are responsible for your account.</li>
          <li>What you post stays yours. You let Plaza show it to the people you share it with.</li>
          <li>Follow the community rules, online and when you meet.</li>
          <li>Plaza helps people meet but does not check who they are: use good judgement.</li>
          <li>You can leave at any time; we may suspend accounts that break the rules.</li>
        </ul>
      }
      sections={[
        {
          id: 'agreement',
          title: 'The agreement',
          body: (
            <p>
              By creating an account or using Plaza you accept these terms, the{' '}
              <Link to="/community-rules">community rules</Link> and the{' '}
              <Link to="/privacy-policy">privacy policy</Link>. If you use Plaza for an organisation, you
              accept them on its behalf. A self-hosted Plaza may add its own terms; its operator will show
              them to you.
            </p>
          ),
        },
        {
          id: 'eligibility',
          title: 'Who can use Plaza',
          body: (
            <p>
              You must be at least 16 years old, and old enough to agree to these terms where you live. You
              may not use Plaza if we have suspended you before, or if the law forbids it.
            </p>
          ),
        },
        {
          id: 'account',
          title: 'Your account',
          body: (
            <>
              <p>
                Give true information about yourself and keep your e-mail address or phone number up to date,
                since we use it to sign you in. One person, one personal account. Do not share your sign-in
                codes.
              </p>
              <p>
                You are responsible for what happens in your account. Tell us right away if someone else gets
                into it.
              </p>
            </>
          ),
        },
        {
          id: 'content',
          title: 'Your content',
          body: (
            <>
              <p>
                You own what you post: plans, photos, messages and everything else. You give the operator a
                worldwide, free licence to store, copy, show and send it, only to run Plaza and only to the
                people you share it with. The licence ends when you delete the content or your account, apart
                from copies others already received (for example, messages in a group chat).
              </p>
              <p>
                Only post what you have the right to share. See <Link to="/copyright">Copyright</Link> for how
                we handle claims.
              </p>
            </>
          ),
        },
        {
          id: 'meeting',
          title: 'Meeting people',
          body: (
            <>
              <p>
                Plaza helps people make plans and meet, but it does not run the plans, and it does not check
                who people are, except where a profile shows a verified badge. Hosts are responsible for their
                plans, guests for their own choices.
              </p>
              <p>
                Meet in public places for first meetings, tell a friend where you are going, and leave if you
                feel unsafe. In an emergency, call your local emergency number.
              </p>
            </>
          ),
        },
        {
          id: 'rules',
          title: 'Acceptable use',
          body: (
            <p>
              Follow the <Link to="/community-rules">community rules</Link>. Do not break the law, attack or
              overload the service, scrape it, access accounts or data that are not yours, or use automation
              to send invitations or messages in bulk.
            </p>
          ),
        },
        {
          id: 'paid',
          title: 'Paid groups',
          body: (
            <p>
              Paid groups are not available yet. When they are, their prices, fees and refund rules will be
              added here before anyone is charged. See <Link to="/creators">Creators</Link>.
            </p>
          ),
        },
        {
          id: 'software',
          title: 'The software',
          body: (
            <p>
              Plaza’s source code is open and published under its own licence, which governs how you may copy
              and change it. These terms govern the service at this address. The apps are also covered by the{' '}
              <Link to="/download-agreement">download agreement</Link>.
            </p>
          ),
        },
        {
          id: 'ending',
          title: 'Ending',
          body: (
            <p>
              You can delete your account at any time from your settings. We may remove content or suspend or
              close accounts that break these terms or the community rules, and we will tell you why unless
              the law or someone’s safety prevents it. You can appeal by writing to{' '}
              <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
            </p>
          ),
        },
        {
          id: 'liability',
          title: 'Warranties and liability',
          body: (
            <p>
              Plaza is provided as it is. We work hard to keep it running and safe but cannot promise it will
              always be available or free of errors. As far as the law allows, the operator is not liable for
              indirect losses, or for what happens between people who meet through Plaza. Nothing in these
              terms limits rights you have as a consumer that cannot be limited by contract.
            </p>
          ),
        },
        {
          id: 'changes',
          title: 'Changes and contact',
          body: (
            <p>
              If we change these terms, we update the date above and tell you in the app before important
              changes apply. Questions? Write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
            </p>
          ),
        },
      ]}
    />
  );
}
