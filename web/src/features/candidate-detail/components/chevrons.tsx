/** Small direction arrows for the candidate pager and the answers' buttons, drawn in the text's colour. */
const Chevron = ({ d }: { d: string }) => (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false" className="chevron">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const ChevronLeft = () => <Chevron d="M10 3.5 5.5 8l4.5 4.5" />;
export const ChevronRight = () => <Chevron d="M6 3.5 10.5 8 6 12.5" />;
