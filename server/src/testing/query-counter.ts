import {
  AliasNode,
  DeleteQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  SelectQueryNode,
  TableNode,
  type UnknownRow,
  UpdateQueryNode,
} from 'kysely';

/**
 * Counts the statements sent to the database, to prove a request's query count does not grow.
 * Reads, updates and deletes of the jobs' tables alone are left out: the job runner's heartbeat
 * and its look for stalled jobs run on a timer of their own every ten seconds, and a finished
 * job's kept file is deleted after the job reads as finished; one falling within a request would
 * be counted as the request's.
 */
export class QueryCounter implements KyselyPlugin {
  count = 0;
  readonly #jobRunners = new WeakSet<QueryId>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (onJobsAlone(node)) this.#jobRunners.add(queryId);
    return node;
  }

  // Counted per result: Kysely also passes a query's subqueries through transformQuery.
  async transformResult({
    queryId,
    result,
  }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!this.#jobRunners.has(queryId)) this.count += 1;
    return result;
  }
}

const JOB_TABLES = new Set(['jobs', 'job_files', 'job_file_parts']);

function onJobsAlone(node: RootOperationNode): boolean {
  const tables = statementTables(node);
  const joined = 'joins' in node && (node.joins?.length ?? 0) > 0;
  return !joined && tables.length > 0 && tables.every((table) => JOB_TABLES.has(tableName(table)));
}

/** The tables a select reads, an update changes or a delete deletes from. */
function statementTables(node: RootOperationNode): readonly OperationNode[] {
  if (SelectQueryNode.is(node)) return node.from?.froms ?? [];
  if (UpdateQueryNode.is(node)) return node.table ? [node.table] : [];
  if (DeleteQueryNode.is(node)) return node.from.froms;
  return [];
}

function tableName(node: OperationNode): string {
  if (AliasNode.is(node)) return tableName(node.node);
  return TableNode.is(node) ? node.table.identifier.name : '';
}
