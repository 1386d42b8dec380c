import { Link } from 'react-router';
import { LegalDocument } from '../components/legal-document.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';
import { contactEmailFor } from '../features/session/contact-email.ts';
import { useRootData } from '../root-data.ts';

export const meta = pageMeta({
  title: 'Privacy policy',
  description:
    'What Plaza stores, why, who can see it, how long we keep it, and how to export or delete your data. No ads, no data sales.',
  path: '/privacy-policy',
});

/** Privacy policy (spec 2.1, alias /privacy): what Plaza really stores, in plain words. */
export default function PrivacyPolicy() {
  const contactEmail = contactEmailFor(useRootData());
  const mail = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;
  return (
    <LegalDocument
      title="Privacy policy"
      updated="22 November 2026"
      lead="Plaza exists to help you meet people, not to collect data about you. This page lists everything Plaza stores, why, and what you can do about it."
      summary={
        <ul>
          <li>
            We store your account, what you create (plans, groups, messages, answers) and what you need to
            sign in.
          </li>
          <li>No ads, no selling or sharing data for advertising, and no third-party trackers.</li>
          <li>Product analytics run only if you agree to them.</li>
          <li>You can export your data or delete your account at any time.</li>
          <li>On a self-hosted Plaza, the people running it control the data, not us.</li>
        </ul>
      }
      sections={[
        {
          id: 'who',
          title: 'Who is responsible',
          body: (
            <>
              <p>
                Plaza is open-source software that anyone can run. Whoever runs the Plaza you are using (the
                “operator”) decides how it is run and is responsible for your data. For the Plaza at this
                address, write to {mail}.
              </p>
              <p>
                If you use a Plaza run by a club, a school or a company, that operator controls its data.
                Nothing from a self-hosted Plaza is sent to the Plaza team.
              </p>
            </>
          ),
        },
        {
          id: 'account',
          title: 'Your account',
          body: (
            <>
              <p>When you sign up and edit your profile we store:</p>
              <ul>
                <li>your name (first and last) and a username;</li>
                <li>your e-mail address or phone number, whichever you sign in with;</li>
                <li>a profile photo and a short bio, if you add them;</li>
                <li>your birthday, only if you choose to add it;</li>
                <li>whether your profile is public or private, and whether it is verified.</li>
              </ul>
              <p>
                Your name, username, photo and bio are visible to others according to your profile setting.
                Your e-mail address, phone number and birthday are never shown to other people.
              </p>
            </>
          ),
        },
        {
          id: 'content',
          title: 'What you create',
          body: (
            <>
              <ul>
                <li>
                  <strong>Plans</strong>: title, description, time, place, image, who is invited, and how
                  often they repeat.
                </li>
                <li>
                  <strong>Answers</strong> to plans: Attending, Interested or Next time.
                </li>
                <li>
                  <strong>Groups</strong> you create or join, and your role in them.
                </li>
                <li>
                  <strong>Messages</strong> in direct, group and plan chats, including photos, videos, audio,
                  polls and your votes. Photos are re-encoded when uploaded, which removes hidden camera and
                  location data.
                </li>
                <li>
                  <strong>Connections</strong>: friends, who you follow, who follows you, requests, blocks and
                  reports you make.
                </li>
              </ul>
              <p>
                Who can see each of these depends on where you post it: a public plan or group is visible to
                anyone, a group plan to its members, a chat to its participants.
              </p>
            </>
          ),
        },
        {
          id: 'sign-in',
          title: 'Signing in',
          body: (
            <>
              <p>
                Plaza signs you in with a one-time code sent by e-mail or text message. A code works once and
                expires after 10 minutes. After you sign in, a session cookie keeps you signed in on that
                browser until you sign out.
              </p>
              <p>
                If you sign in with another provider, we receive your name, e-mail address and the permissions
                you grant, such as calendar, contacts, birthday or phone. We use each only for the feature you
                turned on.
              </p>
            </>
          ),
        },
        {
          id: 'optional',
          title: 'Things you can choose',
          body: (
            <ul>
              <li>
                <strong>Product analytics</strong>: only if you agree in the privacy settings, we record which
                screens and buttons are used, linked to a random session number, to learn what to improve.
                Never used for ads.
              </li>
              <li>
                <strong>Location</strong>: used when you explore near a place or add a place to a plan. We do
                not track where you are in the background.
              </li>
              <li>
                <strong>Contacts</strong>: only when you choose to invite people, and only to send the
                invitations you ask for. We never message your address book on our own.
              </li>
              <li>
                <strong>News e-mails and download texts</strong>: we keep your address or number to send what
                you asked for, and to stop the forms from being used to flood someone’s inbox or phone.
              </li>
            </ul>
          ),
        },
        {
          id: 'technical',
          title: 'Technical data',
          body: (
            <p>
              Like every website, Plaza receives your IP address and browser type with each request. We use
              them to keep the service secure and to limit abuse, and we delete them from our logs within 30
              days.
            </p>
          ),
        },
        {
          id: 'cookies',
          title: 'Cookies',
          body: (
            <>
              <p>Plaza uses a small number of cookies, grouped by purpose:</p>
              <ul>
                <li>
                  <strong>Essential</strong>, always on: your session, your language (the cookie
                  “i18n_redirected”, kept for a year), and your privacy choices (the cookie “pcg”, kept for a
                  year).
                </li>
                <li>
                  <strong>Analytics, personal and marketing</strong>: only with your consent, which you can
                  change at any time with “Cookie settings” at the foot of every page. Until you choose, only
                  essential cookies are used and no visit is counted.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'never',
          title: 'What we never do',
          body: (
            <ul>
              <li>Show ads or sell, rent or share your data for advertising.</li>
              <li>Put third-party trackers, pixels or advertising tags on our pages.</li>
              <li>
                Read your messages to profile you. Messages are read only by their participants, and by
                moderators when a message is reported.
              </li>
            </ul>
          ),
        },
        {
          id: 'retention',
          title: 'How long we keep data',
          body: (
            <p>
              We keep your account and content for as long as you have an account. When you delete something,
              it is gone from Plaza right away and from backups within 30 days. Reports are kept for up to a
              year so moderators can spot repeated abuse.
            </p>
          ),
        },
        {
          id: 'rights',
          title: 'Export and deletion',
          body: (
            <>
              <p>
                You can download a copy of everything you created, and delete your account, from your profile
                settings. Deleting your account removes your profile, plans, answers and connections. Messages
                you sent in group chats stay in the conversation, shown as from a deleted user, so the chat
                still makes sense to others.
              </p>
              <p>
                You can also ask us to correct data or to stop processing it. Write to {mail}; we answer
                within 30 days. Where the law gives you the right, you may complain to your data protection
                authority.
              </p>
            </>
          ),
        },
        {
          id: 'children',
          title: 'Children',
          body: (
            <p>
              Plaza is for people aged 16 and over. We delete accounts we learn belong to younger children.
            </p>
          ),
        },
        {
          id: 'changes',
          title: 'Changes to this policy',
          body: (
            <p>
              When we change this policy we update the date at the top, and for important changes we tell you
              in the app before they apply. See also our <Link to="/terms-of-service">terms of service</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
