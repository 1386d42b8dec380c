import type { ReactNode } from 'react';
import { PageIntro } from './page-intro.tsx';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Long-form policy pages: a summary up front, a table of contents, then numbered sections. */
export function LegalDocument({
  title,
  lead,
  updated,
  summary,
  sections,
}: {
  title: string;
  lead: ReactNode;
  updated: string;
  summary: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageIntro eyebrow={`Last updated ${updated}`} title={title} lead={lead} tint="sand" />
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[16rem_1fr] lg:py-20">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-semibold tracking-wider text-ink-soft uppercase">On this page</p>
          <ol className="mt-3 space-y-2 text-[0.9375rem]">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-ink hover:text-coral-strong hover:underline">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div>
          <div className="rounded-3xl bg-sun-soft p-6 sm:p-8">
            <h2 className="font-display text-xl font-bold">The short version</h2>
            <div className="mt-3 text-[1.0625rem] leading-relaxed [&_li]:mt-2 [&_ul]:list-disc [&_ul]:pl-5">
              {summary}
            </div>
          </div>
          <div className="prose-plaza mt-4">
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
                <h2 id={`${section.id}-title`}>
                  {index + 1}. {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
