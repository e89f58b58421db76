import classes from './coded-name.module.css';

/**
 * A competence, cluster or criterion as it is listed: its code before its name (D56), the code in a
 * monospace, dimmed face. The text reads as core `codedName` (`B1-K1-W1 Stelt een werkplanning op`).
 */
export function CodedName({ code, name }: { code?: string | undefined; name: string }) {
  if (!code) return <>{name}</>;
  return (
    <>
      <CompetenceCode code={code} /> {name}
    </>
  );
}

/** A code alone, in the face CodedName gives it (where the name is an input beside it: the editor's rows). */
export function CompetenceCode({ code, className }: { code: string; className?: string }) {
  return <span className={className ? `${classes.code} ${className}` : classes.code}>{code}</span>;
}
