// Issue 23's record-viewer items on the view model: ranges, flags and interpretations as HL7's published examples
// carry them, units in UCUM's print symbols, a dosage written as text, and no bidi control left in a shown value.
import { describe, expect, it } from 'vitest';
import { recordView, type ObservationItem, type RecordView } from '../../../electron/fhir/index';
import { displayUnit } from '../../../electron/fhir/ucum-units';
import { BIDI_NAME, HIGH_BLOOD_PRESSURE, HL7_BLOOD_PRESSURE, HL7_GLUCOSE, LOW_HAEMOGLOBIN, probeBundle, TEXT_DOSAGE } from './probe-bundles';

const observations = (view: RecordView): ObservationItem[] =>
  view.sections.flatMap((s) => s.items).filter((i): i is ObservationItem => i.kind === 'observation');
const named = (view: RecordView, name: string) => observations(view).find((o) => o.name === name)!;
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe('units in UCUM print symbols (ucum.org, the print symbols of units and prefixes)', () => {
  it.each([
    ['Cel', '°C'], // degree Celsius, print symbol °C
    ['mm[Hg]', 'mmHg'], // prefix m + m[Hg] "m Hg" (a no-break space, which clerks do not write)
    ['10*3/uL', '×10³/μL'], // the factor 10³ per microlitre; micro's print symbol is μ
    ['{steps}', 'steps'], // an annotation: its text
    ['kg/m2', 'kg/m²'],
    ['/min', '/min'],
    ['g/dL', 'g/dL'],
  ])('%s reads %s', (code, shown) => expect(displayUnit(code)).toBe(shown));

  it('a unit written in words is shown as written', () => {
    expect(displayUnit('beats/minute')).toBe('beats/minute');
    expect(displayUnit('tablet')).toBe('tablet');
  });
});

describe('results carry the range, flag and interpretation the record gives', () => {
  const view = recordView(probeBundle());
  const glucoseName = HL7_GLUCOSE.code.coding[0].display;

  it('HL7 f001 glucose: its range, High because 6.3 is above 6.2, and its interpretation', () => {
    const glucose = named(view, glucoseName);
    const [range] = HL7_GLUCOSE.referenceRange;
    expect(glucose.referenceRange).toEqual({ low: String(range.low.value), high: String(range.high.value), unit: range.low.unit, text: null });
    expect(HL7_GLUCOSE.valueQuantity.value > range.high.value).toBe(true);
    expect(glucose.flag).toBe('high');
    expect(glucose.interpretation).toBe(HL7_GLUCOSE.interpretation[0].coding[0].display);
  });

  it('HL7 blood pressure: each component with its own interpretation (N normal, L low) in mmHg', () => {
    const panel = named(view, HL7_BLOOD_PRESSURE.code.text);
    expect(panel.components.map((c) => [c.name, c.value, c.unit, c.flag, c.interpretation])).toEqual(
      HL7_BLOOD_PRESSURE.component.map((c: any) => [
        c.code.coding[0].display,
        String(c.valueQuantity.value),
        'mmHg',
        c.interpretation[0].coding[0].code === 'L' ? 'low' : null,
        c.interpretation[0].text,
      ]),
    );
  });

  it('BP 152/96 mm[Hg]: each component shows its own range and is flagged above it', () => {
    const bp = named(view, HIGH_BLOOD_PRESSURE.code.text);
    expect(bp.components.map((c) => [c.value, c.unit, c.referenceRange?.low, c.referenceRange?.high, c.flag])).toEqual(
      HIGH_BLOOD_PRESSURE.component.map((c: any) => {
        const [range] = c.referenceRange;
        return [String(c.valueQuantity.value), 'mmHg', String(range.low.value), String(range.high.value), c.valueQuantity.value > range.high.value ? 'high' : null];
      }),
    );
    expect(bp.components.every((c) => c.flag === 'high')).toBe(true);
  });

  it('Hb 11.2 g/dL: range 12–15, Low, and the lab’s words "Mild anaemia"', () => {
    const hb = named(view, LOW_HAEMOGLOBIN.code.text);
    expect([hb.value, hb.unit, hb.referenceRange?.low, hb.referenceRange?.high, hb.flag, hb.interpretation]).toEqual(['11.2', 'g/dL', '12', '15', 'low', 'Mild anaemia']);
  });
});

describe('medicines and what a sender can hide in text', () => {
  const view = recordView(probeBundle());

  it('a dosage written only as text is kept as the dose and rhythm', () => {
    const table = view.sections.flatMap((s) => s.items).find((i) => i.kind === 'medications');
    if (table?.kind !== 'medications') throw new Error('no medicines');
    expect(table.rows[0]).toMatchObject({ drug: TEXT_DOSAGE.medicationCodeableConcept.text, dose: null, dosageText: TEXT_DOSAGE.dosageInstruction[0].text, instructions: [] });
  });

  it('a name ending in U+202E loses the override; no shown value keeps a bidi control', () => {
    expect(BIDI_NAME).toMatch(BIDI_CONTROLS);
    expect(view.patient?.name).toBe(BIDI_NAME.replace(BIDI_CONTROLS, ''));
    expect(view.patient?.identifiers[0]?.value).toBe('MRN-7712');
    expect(JSON.stringify(view)).not.toMatch(BIDI_CONTROLS);
  });
});
