/** The masthead seal: a square red chop with 食藝 in white. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="3" fill="#9a3b22" />
      <rect x="3" y="3" width="42" height="42" rx="2" fill="none" stroke="#faf7f1" strokeWidth="1.2" />
      <text
        x="24"
        y="21"
        textAnchor="middle"
        fontSize="15"
        fill="#faf7f1"
        fontFamily="Noto Serif CJK TC, serif"
        fontWeight="700"
      >
        食
      </text>
      <text
        x="24"
        y="39"
        textAnchor="middle"
        fontSize="15"
        fill="#faf7f1"
        fontFamily="Noto Serif CJK TC, serif"
        fontWeight="700"
      >
        藝
      </text>
    </svg>
  );
}
