-- メンテナンスモード on the settings desk (issue 33, docs/contracts/settings-maintenance.md): the
-- version every switch carries, from the desk or the `shop channel maintenance` command, so a
-- screen read before another switch is refused (409) instead of undoing it.
ALTER TABLE channels ADD COLUMN maintenance_version BIGINT NOT NULL DEFAULT 1;
