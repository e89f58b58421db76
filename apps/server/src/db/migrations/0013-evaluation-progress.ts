import { type Kysely, sql } from 'kysely';

/**
 * A class at a glance (issue 22): each evaluation's progress — competences, how many are scored, the
 * rounded average score with its name and colour, the moment of the last assessment — kept by the
 * database itself in `evaluation_progress`, so the trajectory list shows it for 2,000 rows with one join
 * and no walk through 2,000 documents.
 *
 * Triggers keep it, in the transaction of the save that changes it, so it never drifts from what is
 * stored: one on `documents` (an evaluation's content holds the tree and the scale) and one on
 * `document_parts` (each competence's latest values, `…/latestProperties`, and its dated entries,
 * `…/properties`, keyed by their ISO moment; the last assessment is the newest key). An entry added moves the moment forward
 * by looking at that one competence; only removing the newest entry looks through all of them again.
 *
 * `trajectory_access` gains the user's evaluation rights (read — write implies it — and write) beside
 * the list rights, so the list and the cohort grid know whom to show figures to in SQL (spec part 1 §6:
 * without evaluation read, no figure). Existing rows are filled here; migrations never import core, so
 * the role walk of `effectiveRights` is repeated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('trajectory_access')
    .addColumn('evaluation_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('evaluation_write', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await fillEvaluationRights(db);

  await db.schema
    .createTable('evaluation_progress')
    .addColumn('document_id', 'integer', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('competences', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('average', 'integer')
    .addColumn('average_name', 'text')
    .addColumn('average_colour', 'text')
    .addColumn('last_assessed', 'timestamptz')
    // The figures as the list sends them (core zTrajectoryProgress), kept by the trigger below: one column
    // to hand over per row instead of six (PGlite hands every cell over in process; bench/class.ts).
    .addColumn('summary', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`
    create function groeipad_progress_summary() returns trigger
    language plpgsql as $$
    begin
      new.summary := jsonb_build_object(
        'competences', new.competences,
        'scored', new.scored,
        'average', case when new.average is null then null else jsonb_build_object(
          'score', new.average, 'name', coalesce(new.average_name, new.average::text), 'colour', new.average_colour) end,
        'lastAssessed', to_char(new.last_assessed at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
      return new;
    end $$`.execute(db);
  await sql`
    create trigger evaluation_progress_summary before insert or update on evaluation_progress
    for each row execute function groeipad_progress_summary()`.execute(db);

  // The figures of an evaluation: competences are the tree's nodes of type competence (in the content);
  // each one's latest values are its `…/latestProperties` part (engine parts: the content keeps null there,
  // and a competence never assessed has no row) or, in a document stored before its parts were, still inline. A score counts when it is an integer, not 0 and on the scale (core
  // scoreOverview); the average is rounded half up like Math.round, and named and coloured by the scale.
  await sql`
    create function groeipad_evaluation_scores(evaluation integer)
    returns table (competences integer, scored integer, average integer, average_name text, average_colour text)
    language sql stable as $$
      with doc as (
        select content, (content->>'minScore')::integer as low, (content->>'maxScore')::integer as high
        from documents where id = evaluation
      ), latest as (
        select p.content as values from document_parts p
        where p.document_id = evaluation and p.pointer like '%/latestProperties'
        union all
        select node->'latestProperties'
        from doc, jsonb_path_query(doc.content, 'strict $.criteria.**?(@.type == "competence")') as node
      ), scores as (
        select case when values->>'score' ~ '^-?[0-9]{1,6}$' then (values->>'score')::integer end as score
        from latest where jsonb_typeof(values) = 'object'
      ), counted as (
        select count(*) filter (where score <> 0 and score between doc.low and doc.high)::integer as scored,
               floor(avg(score) filter (where score <> 0 and score between doc.low and doc.high) + 0.5)::integer as average
        from scores cross join doc
      )
      select (select count(*)::integer
              from doc, jsonb_path_query(doc.content, 'strict $.criteria.**?(@.type == "competence")')),
             counted.scored, counted.average,
             doc.content->'scoreNames'->>(counted.average - doc.low),
             doc.content->'scoreColours'->>(counted.average - doc.low)
      from counted cross join doc
    $$`.execute(db);

  // The newest key of a competence's entries (ISO moments with a zone); null when there is none or a key
  // is not a moment PostgreSQL reads (the schema refuses those; a figure must never fail a save).
  await sql`
    create function groeipad_newest_entry(entries jsonb) returns timestamptz
    language plpgsql immutable as $$
    begin
      if jsonb_typeof(entries) <> 'object' then return null; end if;
      return (select max(key::timestamptz) from jsonb_object_keys(entries) as key);
    exception when others then
      return null;
    end $$`.execute(db);

  await sql`
    create function groeipad_refresh_evaluation_scores(evaluation integer) returns void
    language sql as $$
      insert into evaluation_progress as p (document_id, competences, scored, average, average_name, average_colour)
      select evaluation, s.competences, s.scored, s.average, s.average_name, s.average_colour
      from groeipad_evaluation_scores(evaluation) as s
      on conflict (document_id) do update
        set competences = excluded.competences, scored = excluded.scored, average = excluded.average,
            average_name = excluded.average_name, average_colour = excluded.average_colour
    $$`.execute(db);
  await sql`
    create function groeipad_evaluation_content_changed() returns trigger
    language plpgsql as $$
    begin
      perform groeipad_refresh_evaluation_scores(new.id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger evaluation_progress_content
    after insert or update of content on documents
    for each row when (new.kind = 'trajectory:evaluation')
    execute function groeipad_evaluation_content_changed()`.execute(db);

  await sql`
    create function groeipad_evaluation_entries_changed() returns trigger
    language plpgsql as $$
    declare
      target integer := coalesce(new.document_id, old.document_id);
      added timestamptz;
      removed timestamptz;
      stored timestamptz;
    begin
      -- Parts of an evaluation only; a document deleted with its parts takes its progress with it.
      perform 1 from documents where id = target and kind = 'trajectory:evaluation';
      if not found then return null; end if;
      if coalesce(new.pointer, old.pointer) like '%/latestProperties' then
        perform groeipad_refresh_evaluation_scores(target);
        return null;
      end if;
      if tg_op <> 'DELETE' then added := groeipad_newest_entry(new.content); end if;
      if tg_op <> 'INSERT' then removed := groeipad_newest_entry(old.content); end if;
      select last_assessed into stored from evaluation_progress where document_id = target;
      if removed is not null and removed >= coalesce(stored, removed)
         and (added is null or added < removed) then
        -- The newest entry may be gone: ask every competence again.
        select max(groeipad_newest_entry(content)) into stored from document_parts
        where document_id = target and pointer like '%/properties';
      else
        stored := greatest(stored, added);
      end if;
      insert into evaluation_progress as p (document_id, last_assessed) values (target, stored)
      on conflict (document_id) do update set last_assessed = excluded.last_assessed;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger evaluation_progress_entries
    after insert or update or delete on document_parts
    for each row execute function groeipad_evaluation_entries_changed()`.execute(db);

  // Existing evaluations.
  await sql`
    insert into evaluation_progress (document_id, competences, scored, average, average_name, average_colour, last_assessed)
    select d.id, s.competences, s.scored, s.average, s.average_name, s.average_colour,
           (select max(groeipad_newest_entry(p.content)) from document_parts p
            where p.document_id = d.id and p.pointer like '%/properties')
    from documents d cross join lateral groeipad_evaluation_scores(d.id) s
    where d.kind = 'trajectory:evaluation'`.execute(db);
}

interface StoredRole {
  name?: unknown;
  evaluationRights?: { read?: unknown; write?: unknown };
}

/** Each access row's evaluation rights from its trajectory's access document (core effectiveRights). */
async function fillEvaluationRights(db: Kysely<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; content: unknown }>`
      select t.id, d.content from trajectories t join documents d on d.id = t.access_document_id
      where t.id > ${after} order by t.id limit 200`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.id;
      const content = (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as {
        roles?: StoredRole[];
        users?: { user?: unknown; roles?: unknown[] }[];
      };
      const roles = new Map((content.roles ?? []).map((role) => [role.name, role]));
      const rights = new Map<string, { read: boolean; write: boolean }>();
      for (const entry of content.users ?? []) {
        if (typeof entry.user !== 'string') continue;
        const email = entry.user.trim().toLowerCase();
        const held = rights.get(email) ?? { read: false, write: false };
        for (const name of entry.roles ?? []) {
          const role = roles.get(name);
          if (role?.evaluationRights?.read === true) held.read = true;
          if (role?.evaluationRights?.write === true) held.write = true;
        }
        rights.set(email, held);
      }
      for (const [email, held] of rights) {
        if (!held.read && !held.write) continue;
        await sql`update trajectory_access set evaluation_read = true, evaluation_write = ${held.write}
          where trajectory_id = ${row.id} and lower(email) = ${email}`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger evaluation_progress_entries on document_parts`.execute(db);
  await sql`drop trigger evaluation_progress_content on documents`.execute(db);
  await db.schema.dropTable('evaluation_progress').execute();
  await sql`drop function groeipad_progress_summary()`.execute(db);
  await sql`drop function groeipad_evaluation_entries_changed()`.execute(db);
  await sql`drop function groeipad_evaluation_content_changed()`.execute(db);
  await sql`drop function groeipad_refresh_evaluation_scores(integer)`.execute(db);
  await sql`drop function groeipad_newest_entry(jsonb)`.execute(db);
  await sql`drop function groeipad_evaluation_scores(integer)`.execute(db);
  await db.schema
    .alterTable('trajectory_access')
    .dropColumn('evaluation_write')
    .dropColumn('evaluation_read')
    .execute();
}
