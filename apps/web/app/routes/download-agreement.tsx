import { Link } from 'react-router';
import { LegalDocument } from '../components/legal-document.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';
import { contactEmailFor } from '../features/session/contact-email.ts';
import { useRootData } from '../root-data.ts';

export const meta = pageMeta({
  title: 'Download agreement',
  description:
    'The licence for the Plaza apps on iPhone and Android: what you may do, the permissions the app asks for, and updates.',
  path: '/download-agreement',
});

/** Download agreement (spec 2.1): the licence for the mobile apps. */
export default function DownloadAgreement() {
  const contactEmail = contactEmailFor(useRootData());
  return (
    <LegalDocument
      title="Download agreement"
      updated="22 November 2026"
      lead="This agreement covers the Plaza apps for iPhone and Android. Using Plaza itself is covered by the terms of service; this page is about the app on your phone."
      summary={
        <ul>
          <li>The app is free to install and use on your own devices.</li>
          <li>It asks for permissions only when a feature needs them, and works without them.</li>
          <li>Its code is open source; the app stores’ own terms also apply.</li>
        </ul>
      }
      sections={[
        {
          id: 'licence',
          title: 'Your licence',
          body: (
            <p>
              You may install and use the Plaza app on any phone or tablet you own or control, for as long as
              you follow this agreement and the <Link to="/terms-of-service">terms of service</Link>. The
              app’s source code is published under an open-source licence, which gives you further rights to
              the code itself.
            </p>
          ),
        },
        {
          id: 'permissions',
          title: 'Permissions the app asks for',
          body: (
            <>
              <p>The app asks for each permission when you first use the feature that needs it:</p>
              <ul>
                <li>Notifications: reminders before your plans and new chat messages.</li>
                <li>Camera and photos: to share pictures in chats and on plans.</li>
                <li>Location: to explore what is near you, only while you use that screen.</li>
                <li>
                  Contacts: to invite people you choose; never uploaded or messaged without your action.
                </li>
                <li>Calendar: to add plans you attend to your calendar, if you connect it.</li>
              </ul>
              <p>
                You can refuse or withdraw any of them in your phone’s settings; the rest of the app keeps
                working.
              </p>
            </>
          ),
        },
        {
          id: 'updates',
          title: 'Updates',
          body: (
            <p>
              We release updates with fixes and new features. Some updates are needed to keep using Plaza, for
              example when an older version can no longer talk to the server safely; the app tells you when
              that is the case.
            </p>
          ),
        },
        {
          id: 'stores',
          title: 'App stores',
          body: (
            <p>
              If you download Plaza from the App Store or Google Play, their terms of use also apply. Apple
              and Google are not responsible for the app or its support; we are.
            </p>
          ),
        },
        {
          id: 'data',
          title: 'Your data',
          body: (
            <p>
              The app stores your session and recent chats on your device so it opens quickly. Everything else
              is described in the <Link to="/privacy-policy">privacy policy</Link>.
            </p>
          ),
        },
        {
          id: 'no-warranty',
          title: 'No warranty, and ending',
          body: (
            <p>
              The app is provided as it is, to the extent the law allows. You can stop using it at any time by
              deleting it. Questions about this agreement? Write to{' '}
              <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
            </p>
          ),
        },
      ]}
    />
  );
}
