import {
  AliasNode,
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
 * Statements on the `jobs` table alone are left out: the job runner's heartbeat and its look for
 * stalled jobs run on a timer of their own every ten seconds, and one falling within a request
 * would be counted as the request's.
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

function onJobsAlone(node: RootOperationNode): boolean {
  const tables = SelectQueryNode.is(node)
    ? (node.from?.froms ?? [])
    : UpdateQueryNode.is(node) && node.table
      ? [node.table]
      : [];
  return tables.length > 0 && tables.every((table) => tableName(table) === 'jobs');
}

function tableName(node: OperationNode): string | undefined {
  if (AliasNode.is(node)) return tableName(node.node);
  return TableNode.is(node) ? node.table.identifier.name : undefined;
}
