interface IconProps {
  /** An SVG path from @mdi/js (`mdiCalendar`…), imported one by one so that the bundle keeps only those used. */
  path: string;
  size?: number;
  className?: string;
  /** A label makes the icon meaningful to screen readers; without one it is decorative. */
  label?: string;
}

export function Icon({ path, size = 24, className, label }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={className}
      fill="currentColor"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
