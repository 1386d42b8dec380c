import { LegalDocument } from '../components/legal-document.tsx';
import { pageMeta } from '../features/meta/page-meta.ts';
import { contactEmailFor } from '../features/session/contact-email.ts';
import { useRootData } from '../root-data.ts';

export const meta = pageMeta({
  title: 'Community rules',
  description:
    'The rules that keep Plaza friendly and safe, online and in person: be real, be kind, respect consent, keep plans honest.',
  path: '/community-rules',
});

/** Community rules (spec 2.1, alias /community-guidelines). */
export default function CommunityRules() {
  const contactEmail = contactEmailFor(useRootData());
  return (
    <LegalDocument
      title="Community rules"
      updated="22 November 2026"
      lead="Plaza is for meeting people, so these rules apply in chats and at the table alike. They are short on purpose: if in doubt, be the kind of person you would want to meet."
      summary={
        <ul>
          <li>Be yourself, be kind, and take no for an answer.</li>
          <li>Describe plans honestly and look after the people who come.</li>
          <li>Keep other people’s details and photos private unless they agree.</li>
          <li>Report problems instead of fighting them; moderators will act.</li>
        </ul>
      }
      sections={[
        {
          id: 'be-real',
          title: 'Be real',
          body: (
            <p>
              Use a name people would know you by and a photo of yourself, or none. Do not pretend to be
              someone else, a brand or an organisation you do not represent. One person, one personal account.
            </p>
          ),
        },
        {
          id: 'be-kind',
          title: 'Be kind',
          body: (
            <p>
              Disagree with ideas, not people. No harassment, bullying, threats, or hate against anyone for
              who they are, including their race, ethnicity, religion, disability, gender, sexual orientation
              or age. Do not pile on, and do not encourage others to.
            </p>
          ),
        },
        {
          id: 'consent',
          title: 'Respect consent',
          body: (
            <p>
              If someone says no, does not answer, or blocks you, stop. Never send sexual content to someone
              who did not ask for it. At plans, respect people’s space and boundaries. A plan is not a date
              unless everyone agreed it is.
            </p>
          ),
        },
        {
          id: 'honest-plans',
          title: 'Keep plans honest',
          body: (
            <p>
              Say what the plan is, where and when it happens, what it costs and who it is for. No fake plans,
              bait, scams, pyramid schemes, or plans that are really sales pitches. If you cannot make your
              own plan happen, cancel it early so people can change theirs.
            </p>
          ),
        },
        {
          id: 'hosts',
          title: 'Hosts look after their guests',
          body: (
            <p>
              As a host, share what people need to know in advance: accessibility of the place, age limits,
              alcohol, and anything to bring. Welcome newcomers. If something goes wrong at your plan, help,
              and report it.
            </p>
          ),
        },
        {
          id: 'safety',
          title: 'Keep everyone safe',
          body: (
            <p>
              No violence or threats of violence, no selling weapons or drugs, and no content that sexualises
              minors or promotes self-harm. Do not organise anything illegal. If someone is in danger, call
              the local emergency number first, then report.
            </p>
          ),
        },
        {
          id: 'privacy',
          title: 'Respect privacy',
          body: (
            <p>
              Do not share anyone’s phone number, address, messages or photos without their consent. Ask
              before posting group photos where people can be recognised, and take a photo down when someone
              asks.
            </p>
          ),
        },
        {
          id: 'spam',
          title: 'No spam',
          body: (
            <p>
              Do not mass-invite people you do not know, repeat the same message across groups, or advertise
              in groups that do not allow it. Invitations go to people who would want them.
            </p>
          ),
        },
        {
          id: 'reporting',
          title: 'Reporting and what happens next',
          body: (
            <>
              <p>
                Report a profile, plan, group or message from its menu. Reports are private: the person is not
                told who reported them. Moderators review every report.
              </p>
              <p>
                Depending on what happened, we may remove content, warn someone, limit what they can do, or
                suspend their account. Serious threats are passed to the police where the law requires it. To
                appeal a decision, write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
              </p>
            </>
          ),
        },
      ]}
    />
  );
}
