import { type Kysely, sql } from 'kysely';

/**
 * The progress of an evaluation (migration 0013) kept once per statement instead of once per row.
 *
 * 0013's trigger on `document_parts` ran for each row: an entry's save (a competence's `…/latestProperties`
 * and its `…/properties`, written by one statement) updated the evaluation's `evaluation_progress` row
 * twice and recounted the scores once per competence it touched; a statement writing the parts of many
 * evaluations (a restore, the class bench's set-based entries) updated each row once per part. Every such
 * update leaves a dead row version behind, which PGlite, without autovacuum, keeps in the table's pages:
 * the list's join then reads thousands of pages for 2,000 rows (bench/README.md "A class at a glance").
 *
 * Now three statement triggers (insert, update, delete) see the statement's rows as transition tables and
 * update each evaluation they touched once: the scores recounted when a `latestProperties` part changed,
 * the moment of the last assessment moved forward by the newest entry added, and looked up again only
 * when the newest entry may have gone. Same figures as before (`progress.test.ts`), fewer writes.
 *
 * And the list's figures move onto the trajectory's own row (`trajectories.progress`), so the list reads
 * them without a join: a compact JSON array `[competences, scored, average, name, colour, lastAssessed]`
 * as text (the server makes the list's object of it, `progressOf`), about a third of the object the list
 * read before as `jsonb` from `evaluation_progress.summary`. `evaluation_progress` stays the figures'
 * source; its trigger copies each change to the trajectory that holds the evaluation, and a trajectory
 * given an evaluation takes its figures. The trajectories table leaves a tenth of each new page free, so
 * that copy is mostly an update in place (HOT). Measured in bench/README.md "A class at a glance".
 *
 * For the cohort grid, `evaluation_progress` also keeps each evaluation's latest values (`latest`: the
 * `…/latestProperties` parts as `[pointer, values]` pairs, what the grid reads) and a fingerprint of its
 * tree and scale (`tree`: md5 of the content, which an entry's save leaves alone), so the grid reads one
 * row per trajectory instead of walking each evaluation's parts, and finds the rows that share a tree by
 * the fingerprint instead of comparing whole documents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger evaluation_progress_entries on document_parts`.execute(db);
  await sql`drop function groeipad_evaluation_entries_changed()`.execute(db);

  await db.schema
    .alterTable('evaluation_progress')
    .addColumn('latest', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('tree', 'text')
    .execute();
  // An evaluation's latest values as the cohort grid reads them.
  await sql`
    create function groeipad_evaluation_latest(evaluation integer) returns jsonb
    language sql stable as $$
      select coalesce(jsonb_agg(jsonb_build_array(p.pointer, p.content) order by p.pointer), '[]')
      from document_parts p where p.document_id = evaluation and p.pointer like '%/latestProperties'
    $$`.execute(db);
  // 0013's recount on a change of the content (the tree, the scale): now with the fingerprint and the
  // latest values too.
  await sql`
    create or replace function groeipad_refresh_evaluation_scores(evaluation integer) returns void
    language sql as $$
      insert into evaluation_progress as p
        (document_id, competences, scored, average, average_name, average_colour, latest, tree)
      select evaluation, s.competences, s.scored, s.average, s.average_name, s.average_colour,
             groeipad_evaluation_latest(evaluation), (select md5(d.content::text) from documents d where d.id = evaluation)
      from groeipad_evaluation_scores(evaluation) as s
      on conflict (document_id) do update
        set competences = excluded.competences, scored = excluded.scored, average = excluded.average,
            average_name = excluded.average_name, average_colour = excluded.average_colour,
            latest = excluded.latest, tree = excluded.tree
    $$`.execute(db);

  // One evaluation's figures after a statement changed its parts: `scores` when a latestProperties part
  // changed; `entries` when a properties part did, with the newest moment among its added (new) and
  // removed (old) contents.
  await sql`
    create function groeipad_apply_part_changes(
      target integer, scores boolean, entries boolean, added timestamptz, removed timestamptz)
    returns void
    language plpgsql as $$
    declare
      stored timestamptz;
    begin
      select last_assessed into stored from evaluation_progress where document_id = target;
      if entries then
        if removed is not null and removed >= coalesce(stored, removed)
           and (added is null or added < removed) then
          -- The newest entry may be gone: ask every competence again.
          select max(groeipad_newest_entry(content)) into stored from document_parts
          where document_id = target and pointer like '%/properties';
        else
          stored := greatest(stored, added);
        end if;
      end if;
      if scores then
        insert into evaluation_progress as p
          (document_id, competences, scored, average, average_name, average_colour, last_assessed, latest)
        select target, s.competences, s.scored, s.average, s.average_name, s.average_colour, stored,
               groeipad_evaluation_latest(target)
        from groeipad_evaluation_scores(target) as s
        on conflict (document_id) do update
          set competences = excluded.competences, scored = excluded.scored, average = excluded.average,
              average_name = excluded.average_name, average_colour = excluded.average_colour,
              last_assessed = excluded.last_assessed, latest = excluded.latest;
      elsif entries then
        insert into evaluation_progress as p (document_id, last_assessed) values (target, stored)
        on conflict (document_id) do update set last_assessed = excluded.last_assessed
        where p.last_assessed is distinct from excluded.last_assessed;
      end if;
    end $$`.execute(db);

  // The statement's changed parts, grouped by evaluation (other documents' parts are left alone; a
  // document deleted with its parts takes its progress with it): new rows are what was added, old rows
  // what was removed. An event has only its own transition tables (insert: new, delete: old, update:
  // both), so the rows' source is chosen by the event and the query run with EXECUTE.
  await sql`
    create function groeipad_evaluation_parts_changed() returns trigger
    language plpgsql as $$
    declare
      changed record;
      source text := case tg_op
        when 'INSERT' then 'select document_id, pointer, content, true as is_new from groeipad_new_parts'
        when 'DELETE' then 'select document_id, pointer, content, false as is_new from groeipad_old_parts'
        else 'select document_id, pointer, content, true as is_new from groeipad_new_parts
              union all select document_id, pointer, content, false from groeipad_old_parts' end;
    begin
      for changed in execute format($query$
        select r.document_id,
               bool_or(r.pointer like '%%/latestProperties') as scores,
               bool_or(r.pointer like '%%/properties') as entries,
               max(groeipad_newest_entry(r.content))
                 filter (where r.is_new and r.pointer like '%%/properties') as added,
               max(groeipad_newest_entry(r.content))
                 filter (where not r.is_new and r.pointer like '%%/properties') as removed
        from (%s) r join documents d on d.id = r.document_id and d.kind = 'trajectory:evaluation'
        group by r.document_id$query$, source)
      loop
        perform groeipad_apply_part_changes(
          changed.document_id, changed.scores, changed.entries, changed.added, changed.removed);
      end loop;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger evaluation_progress_parts_inserted after insert on document_parts
    referencing new table as groeipad_new_parts
    for each statement execute function groeipad_evaluation_parts_changed()`.execute(db);
  await sql`
    create trigger evaluation_progress_parts_updated after update on document_parts
    referencing old table as groeipad_old_parts new table as groeipad_new_parts
    for each statement execute function groeipad_evaluation_parts_changed()`.execute(db);
  await sql`
    create trigger evaluation_progress_parts_deleted after delete on document_parts
    referencing old table as groeipad_old_parts
    for each statement execute function groeipad_evaluation_parts_changed()`.execute(db);

  // The list's figures on the trajectory's row.
  await sql`drop trigger evaluation_progress_summary on evaluation_progress`.execute(db);
  await sql`drop function groeipad_progress_summary()`.execute(db);
  await db.schema.alterTable('evaluation_progress').dropColumn('summary').execute();
  await db.schema.alterTable('trajectories').addColumn('progress', 'text').execute();
  await sql`alter table trajectories set (fillfactor = 90)`.execute(db);
  await sql`
    create function groeipad_progress_text(p evaluation_progress) returns text
    language sql immutable as $$
      select json_build_array(p.competences, p.scored, p.average,
        case when p.average is not null then coalesce(p.average_name, p.average::text) end,
        case when p.average is not null then p.average_colour end,
        to_char(p.last_assessed at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
    $$`.execute(db);
  await sql`
    create function groeipad_progress_copied() returns trigger
    language plpgsql as $$
    declare
      figures text := groeipad_progress_text(new);
    begin
      update trajectories set progress = figures
      where evaluation_document_id = new.document_id and progress is distinct from figures;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger evaluation_progress_copied after insert or update on evaluation_progress
    for each row execute function groeipad_progress_copied()`.execute(db);
  await sql`
    create function groeipad_trajectory_progress() returns trigger
    language plpgsql as $$
    begin
      new.progress := (select groeipad_progress_text(p) from evaluation_progress p
                       where p.document_id = new.evaluation_document_id);
      return new;
    end $$`.execute(db);
  await sql`
    create trigger trajectory_progress before insert or update of evaluation_document_id on trajectories
    for each row execute function groeipad_trajectory_progress()`.execute(db);
  await sql`
    update trajectories t set progress = groeipad_progress_text(p)
    from evaluation_progress p where p.document_id = t.evaluation_document_id`.execute(db);

  // Existing evaluations' latest values and fingerprints.
  await sql`
    update evaluation_progress p set latest = groeipad_evaluation_latest(p.document_id), tree = md5(d.content::text)
    from documents d where d.id = p.document_id`.execute(db);
}
