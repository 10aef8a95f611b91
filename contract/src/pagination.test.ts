import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './pagination';

describe('pageCount', () => {
  it('counts the pages the items fill, at least one', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(300, 24)).toBe(13);
  });
});

describe('pageWindow', () => {
  it('offers every page when there are seven or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('centres seven buttons on the current page', () => {
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(5, 13)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('slides the window inside the pages near either end', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(19, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });

  it('treats a page outside the range as the nearest end', () => {
    expect(pageWindow(0, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(99, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });
});
