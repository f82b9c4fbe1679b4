// Every schema step, in order. A module adds its own file here and one line below.
import type { SitedeskMigration } from '../migrate';
import { m0001_core } from './0001_core';
import { m0003_files } from './0003_files';
import { m0004_resources } from './0004_resources';
import { m0005_editorial } from './0005_editorial';
import { m0006_one_default } from './0006_one_default';
import { m0007_roles } from './0007_roles';
import { m0008_review_history } from './0008_review_history';
import { m0009_team } from './0009_team';
import { m0010_team_list_order } from './0010_team_list_order';
import { m0011_review_filters } from './0011_review_filters';
import { m0012_phone_numbers } from './0012_phone_numbers';
import { m0013_partner_names } from './0013_partner_names';
import { m0015_history_by_resource } from './0015_history_by_resource';
import '../../team/tables';

export const migrations: SitedeskMigration[] = [
  m0001_core,
  m0003_files,
  m0004_resources,
  m0005_editorial,
  m0006_one_default,
  m0007_roles,
  m0008_review_history,
  m0009_team,
  m0010_team_list_order,
  m0011_review_filters,
  m0012_phone_numbers,
  m0013_partner_names,
  m0015_history_by_resource,
];
