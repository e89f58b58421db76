import { type Kysely, sql } from 'kysely';

/**
 * Parts of a document stored apart (issue 9, bench goal "saving an evaluation entry costs the same at
 * 10 and at 1,000 entries"): a document kind may name places in its content whose values live in
 * `document_parts`, one row per place (its JSON pointer), while `documents.content` keeps a placeholder
 * there. The engine puts them back together on every read, so the content, the events and the history
 * are what they were; a save that touches one part rewrites that row and the small rest, not the whole.
 *
 * The evaluation (`trajectory:evaluation`) stores each competence's dated entries (`…/properties`) as a
 * part. Existing evaluations are split here; migrations never import the engine, so the walk is repeated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_parts')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('pointer', 'text', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_parts_pk', ['document_id', 'pointer'])
    .execute();

  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; content: unknown }>`
      select id, content from documents
      where kind = 'trajectory:evaluation' and id > ${after}
      order by id limit 200`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.id;
      const content = (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as {
        criteria?: unknown[];
      };
      const parts: { pointer: string; value: unknown }[] = [];
      const walk = (nodes: unknown[], prefix: string, key: string) => {
        nodes.forEach((node, index) => {
          if (typeof node !== 'object' || node === null) return;
          const here = `${prefix}/${key}/${index}`;
          const record = node as { type?: string; subsections?: unknown[]; properties?: object };
          if (record.type === 'cluster' && Array.isArray(record.subsections))
            walk(record.subsections, here, 'subsections');
          else if (record.type === 'competence' && record.properties) {
            if (Object.keys(record.properties).length > 0)
              parts.push({ pointer: `${here}/properties`, value: record.properties });
            record.properties = {};
          }
        });
      };
      walk(Array.isArray(content.criteria) ? content.criteria : [], '', 'criteria');
      if (parts.length === 0) continue;
      await sql`update documents set content = ${JSON.stringify(content)}::jsonb where id = ${row.id}`.execute(
        db,
      );
      for (const part of parts)
        await sql`insert into document_parts (document_id, pointer, content)
          values (${row.id}, ${part.pointer}, ${JSON.stringify(part.value)}::jsonb)`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_parts').execute();
}
