import { createElement, type ReactNode, useMemo } from 'react';
import { type RichNode, richTextNodes } from '../rich-text';
import classes from './evaluation.module.css';

function render(nodes: readonly RichNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    // Keys by position: the tree is rebuilt whole when the markup changes.
    const props: Record<string, unknown> = { key: index };
    if (node.tag === 'a' && node.href) {
      props.href = node.href;
      props.target = '_blank';
      props.rel = 'noopener noreferrer';
    }
    return node.tag === 'br'
      ? createElement('br', props)
      : createElement(node.tag, props, ...render(node.children));
  });
}

/**
 * Rich text (a competence's info) rendered from the allowed elements only, as React elements: no markup
 * ever reaches innerHTML (rich-text.ts).
 */
export function RichTextView({ html }: { html: string }) {
  const nodes = useMemo(() => richTextNodes(html), [html]);
  return <div className={classes.richText}>{render(nodes)}</div>;
}
