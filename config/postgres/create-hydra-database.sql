-- docker-compose.yml: Hydra gets a database of its own on the same PostgreSQL
-- server as Kratos, so that neither's migrations can touch the other's tables.
-- PostgreSQL runs this only when it initialises an empty data volume; on an
-- existing volume, run it once by hand (see README.md, "Production").
CREATE DATABASE hydra;
