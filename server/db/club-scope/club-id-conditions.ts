import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  type DeleteQueryNode,
  IdentifierNode,
  type InsertQueryNode,
  type JoinNode,
  type KyselyPlugin,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  ParensNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryResult,
  ReferenceNode,
  type RootOperationNode,
  type SelectQueryNode,
  TableNode,
  type UnknownRow,
  type UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
} from 'kysely';
import { CLUB_TABLES } from './club-tables';
import { scopedClubId } from './current-club';

const clubTables: ReadonlySet<string> = new Set(CLUB_TABLES);
const CLUB_ID = 'club_id';

/**
 * Ready to shard: every statement Kysely builds names its club itself, as Citus needs to send it to one shard. Each
 * club-owned table a statement reads, joins, updates or deletes from gets
 * `<table or alias>.club_id = <club>` (a join in its ON, so outer joins keep their meaning), and each
 * insert into one gets the `club_id` column. Row-level security would hide other clubs' rows anyway; this
 * makes the condition part of the statement. The club is the one in scope (current-club.ts); with none,
 * nothing is added and the policies show nothing. The id is written into the SQL, not a parameter, so a
 * statement compiled once per club keeps its parameters (sessions.repository.ts).
 */
export const clubIdConditions: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const clubId = scopedClubId();
    if (clubId === undefined) return node;
    return new ClubIdTransformer(clubId).transformNode(node);
  },
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  },
};

/** The name a club-owned table is referred to by in its statement (its alias or itself), else undefined. */
function clubTableName(item: OperationNode): string | undefined {
  if (TableNode.is(item))
    return clubTables.has(item.table.identifier.name) ? item.table.identifier.name : undefined;
  if (AliasNode.is(item) && TableNode.is(item.node) && clubTables.has(item.node.table.identifier.name))
    return IdentifierNode.is(item.alias) ? item.alias.name : undefined;
  return undefined;
}

// Anything else than one comparison (an OR, raw SQL) goes in parentheses, so AND binds the club to all of it.
function andClub(existing: OperationNode | undefined, condition: OperationNode): OperationNode {
  if (!existing) return condition;
  const kept =
    BinaryOperationNode.is(existing) || ParensNode.is(existing) ? existing : ParensNode.create(existing);
  return AndNode.create(condition, kept);
}

class ClubIdTransformer extends OperationNodeTransformer {
  constructor(private readonly clubId: number) {
    super();
  }

  private conditionsOn(items: readonly OperationNode[]): OperationNode | undefined {
    let conditions: OperationNode | undefined;
    for (const item of items) {
      const name = clubTableName(item);
      if (name === undefined) continue;
      const condition = BinaryOperationNode.create(
        ReferenceNode.create(ColumnNode.create(CLUB_ID), TableNode.create(name)),
        OperatorNode.create('='),
        ValueNode.createImmediate(this.clubId),
      );
      conditions = conditions ? AndNode.create(conditions, condition) : condition;
    }
    return conditions;
  }

  private withConditions<T extends { where?: WhereNode }>(node: T, items: readonly OperationNode[]): T {
    const conditions = this.conditionsOn(items);
    if (!conditions) return node;
    return { ...node, where: WhereNode.create(andClub(node.where?.where, conditions)) };
  }

  protected override transformJoin(node: JoinNode): JoinNode {
    const join = super.transformJoin(node);
    const conditions = this.conditionsOn([join.table]);
    if (!conditions || !join.on) return join;
    return { ...join, on: { ...join.on, on: andClub(join.on.on, conditions) } };
  }

  protected override transformSelectQuery(node: SelectQueryNode): SelectQueryNode {
    const query = super.transformSelectQuery(node);
    const joinsWithoutOn = (query.joins ?? []).filter((join) => !join.on).map((join) => join.table);
    return this.withConditions(query, [...(query.from?.froms ?? []), ...joinsWithoutOn]);
  }

  protected override transformUpdateQuery(node: UpdateQueryNode): UpdateQueryNode {
    const query = super.transformUpdateQuery(node);
    return this.withConditions(query, [...(query.table ? [query.table] : []), ...(query.from?.froms ?? [])]);
  }

  protected override transformDeleteQuery(node: DeleteQueryNode): DeleteQueryNode {
    const query = super.transformDeleteQuery(node);
    return this.withConditions(query, [...query.from.froms, ...(query.using?.tables ?? [])]);
  }

  protected override transformInsertQuery(node: InsertQueryNode): InsertQueryNode {
    const query = super.transformInsertQuery(node);
    if (!query.into || !clubTableName(query.into) || !query.columns || !query.values) return query;
    if (query.columns.some((column) => column.column.name === CLUB_ID)) return query;
    if (!ValuesNode.is(query.values)) return query; // insert … select: its select names the club
    const clubId = ValueNode.createImmediate(this.clubId);
    const rows = query.values.values.map((row) =>
      PrimitiveValueListNode.is(row)
        ? ValueListNode.create([...row.values.map((value) => ValueNode.create(value)), clubId])
        : ValueListNode.create([...row.values, clubId]),
    );
    return {
      ...query,
      columns: [...query.columns, ColumnNode.create(CLUB_ID)],
      values: ValuesNode.create(rows),
    };
  }
}
