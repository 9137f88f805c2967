import { describe, expect, it } from 'vitest';
import { httpUrlOrNull, suggestionProblem, suggestionStatusText } from './suggestionRules.ts';

describe('suggestionStatusText', () => {
  it('says the three statuses in the words issue 20 gives', () => {
    expect(suggestionStatusText({ status: 'waiting', reason: null })).toBe('Waiting for review');
    expect(suggestionStatusText({ status: 'published', reason: null })).toBe('Published');
    expect(suggestionStatusText({ status: 'declined', reason: 'Adults only.' })).toBe(
      'Not published: Adults only.',
    );
  });
});

describe('suggestionProblem', () => {
  it('names the field and says what to fix', () => {
    expect(suggestionProblem({ minAge: 9, maxAge: 3 })).toEqual({
      field: 'maxAge',
      problem: 'The oldest age must be at least the youngest age.',
    });
    expect(suggestionProblem({ ticketUrl: 'data:text/html,hi' })?.field).toBe('ticketUrl');
    expect(suggestionProblem({ minAge: 3, maxAge: 3, ticketUrl: 'https://a.example/' })).toBeNull();
    expect(suggestionProblem({ ticketUrl: '   ' })).toBeNull();
  });
});

describe('httpUrlOrNull', () => {
  it.each([
    ['https://tickets.example/x', 'https://tickets.example/x'],
    [' http://tickets.example ', 'http://tickets.example/'],
    ['javascript:alert(1)', null],
    ['ftp://tickets.example/', null],
    ['not a url', null],
    ['', null],
  ])('%j -> %j', (text, expected) => {
    expect(httpUrlOrNull(text)).toBe(expected);
  });
});
