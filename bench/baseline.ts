/**
 * The floor the list endpoint is measured against: bare node:http + pg running the same keyset
 * SQL for the first page of employees and serialising the rows. No framework, no auth, no envelope
 * validation. Started by bench/run.ts as a child process: `tsx bench/baseline.ts <port> <db url> <tenant id>`.
 */
import { createServer } from 'node:http';
import pg from 'pg';

const [port, databaseUrl, tenantId] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const sql = `select id, employee_id, profile_id, manager_id, full_name, email, department, designation,
                    employment_type, joining_date::text, engagement_end_date::text, vendor_name, created_at, updated_at
               from employees where tenant_id = $1 order by created_at, id limit 51`;

createServer(async (_req, res) => {
  const { rows } = await pool.query(sql, [tenantId]);
  const data = rows.slice(0, 50);
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ data, next_cursor: rows.length > 50 ? 'x' : null, has_more: rows.length > 50 }));
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
