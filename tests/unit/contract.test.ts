import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName, type Seal, sealWith } from '#protocol';
import { DEMO_AES_KEY } from '../../server/env';
import { type CallExamples, EXAMPLES } from './helpers/contract-examples';

const seal = sealWith(DEMO_AES_KEY);
const names = Object.keys(ENDPOINTS) as EndpointName[];
const examplesOf = (name: EndpointName) => EXAMPLES[name] as CallExamples<EndpointName>;

/** Each issue as `path: message`, so a failing example says which field broke which rule. */
const issuesOf = (schema: v.GenericSchema, value: unknown) =>
  v.safeParse(schema, value).issues?.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);

/** How many fields of a call travel encrypted. */
function sealedFieldCount(name: EndpointName): number {
  let count = 0;
  const counting: Seal = (inner) => {
    count++;
    return inner;
  };
  ENDPOINTS[name].request(counting);
  return count;
}

const wrongCases = (kind: 'wrongParams' | 'wrongResults') =>
  names.flatMap((name) => Object.entries(examplesOf(name)[kind]).map(([what, value]) => ({ name, what, value })));

describe('the contract of every call', () => {
  it('has examples for each call, and none for a call it does not have', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s has wrong parameters and wrong results to refuse, and a bad encryption if it has one', (name) => {
    const { wrongParams, wrongResults } = examplesOf(name);
    expect(Object.keys(wrongParams).length).toBeGreaterThan(0);
    expect(Object.keys(wrongResults).length).toBeGreaterThan(0);
    if (sealedFieldCount(name) > 0) expect(Object.keys(wrongParams).join('\n')).toMatch(/encrypted with another key/);
  });

  describe('request parameters', () => {
    it.each(names)('%s accepts the spec example and hands the handler its checked values', (name) => {
      const { params, checked } = examplesOf(name);
      const schema = ENDPOINTS[name].request(seal);
      expect(issuesOf(schema, params)).toBeUndefined();
      expect(v.parse(schema, params)).toEqual(checked ?? params);
    });

    it.each(wrongCases('wrongParams'))('$name refuses $what', ({ name, value }) => {
      expect(issuesOf(ENDPOINTS[name].request(seal), value)).toBeDefined();
    });
  });

  describe('results', () => {
    it.each(names)('%s accepts an answer as the server gives it', (name) => {
      expect(issuesOf(ENDPOINTS[name].results, examplesOf(name).results)).toBeUndefined();
    });

    it.each(wrongCases('wrongResults'))('$name refuses $what', ({ name, value }) => {
      expect(issuesOf(ENDPOINTS[name].results, value)).toBeDefined();
    });
  });
});
