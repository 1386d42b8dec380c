import { describe, expect, it } from 'vitest';
import { ContactFileError, parseContacts } from './parse-contacts.ts';

describe('parseContacts', () => {
  it('reads a CSV file with a header, reporting bad rows by line', () => {
    const csv =
      'Name,Email,Phone\nAna Silva,ANA@example.org,\n"Rui, Jr",,+351 912 345 678\nNobody,not-an-address,\n';
    const parsed = parseContacts('CSV', csv);
    expect(parsed.contacts).toEqual([
      { fullName: 'Ana Silva', email: 'ana@example.org', phone: null },
      { fullName: 'Rui, Jr', email: null, phone: '+351912345678' },
    ]);
    expect(parsed.errors).toEqual([{ line: 4, message: 'No valid e-mail address or phone number.' }]);
  });

  it('refuses a CSV file without an email or phone column, and broken quoting', () => {
    expect(() => parseContacts('CSV', 'name,age\nAna,3\n')).toThrow(ContactFileError);
    expect(() => parseContacts('CSV', 'name,email\n"Ana,ana@example.org\n')).toThrow(ContactFileError);
  });

  it('reads vCards with folded lines and keeps each address once', () => {
    const vcf = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Ana',
      '  Silva',
      'EMAIL;TYPE=home:ana@example.org',
      'END:VCARD',
      'BEGIN:VCARD',
      'N:Costa;Rui;;;',
      'TEL;TYPE=cell:+1 415 555 2671',
      'END:VCARD',
      'BEGIN:VCARD',
      'FN:Ana again',
      'EMAIL:ana@example.org',
      'END:VCARD',
      'BEGIN:VCARD',
      'FN:No way to reach',
      'END:VCARD',
    ].join('\r\n');
    const parsed = parseContacts('VCARD', vcf);
    expect(parsed.contacts).toEqual([
      { fullName: 'Ana Silva', email: 'ana@example.org', phone: null },
      { fullName: 'Rui Costa', email: null, phone: '+14155552671' },
    ]);
    expect(parsed.errors).toEqual([{ line: 15, message: 'No e-mail address or phone number.' }]);
  });

  it('refuses text that is not a vCard, and files over the size limit', () => {
    expect(() => parseContacts('VCARD', 'hello')).toThrow(ContactFileError);
    expect(() => parseContacts('CSV', 'x'.repeat(1_000_001))).toThrow(ContactFileError);
  });
});
