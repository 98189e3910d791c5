import { integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@murmur/core/api';

/** SPEC §3 user. Emails are stored lower-cased (the core email schema normalises them), so equality is exact. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  // SPEC §9: only en and ja; English by default.
  language: text('language', { enum: LANGUAGES }).notNull().default('en'),
  dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
  lastLogin: timestamp('last_login', { withTimezone: true }),
});

/** SPEC §6: groups such as Audience_creator grant extra access. */
export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

export type UserRow = typeof users.$inferSelect;
