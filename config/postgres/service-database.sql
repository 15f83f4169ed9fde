-- One service's role and database: the role owns its database and nothing
-- else, and no other role may connect to it (PUBLIC loses CONNECT), so that
-- Kratos' and Hydra's migrations and credentials can only ever touch their
-- own tables. Run with psql as a superuser, once per service:
--   psql -v ON_ERROR_STOP=1 -v service=kratos -v password=… -f service-database.sql
-- compose runs it through create-service-databases.sh; the test stack too.
CREATE ROLE :"service" LOGIN PASSWORD :'password';
CREATE DATABASE :"service" OWNER :"service";
REVOKE ALL ON DATABASE :"service" FROM PUBLIC;
