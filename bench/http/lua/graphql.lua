-- wrk script: POST a GraphQL query, rotating $projectId per request.
-- Adapted from ../shared/bench-anchors/lua/graphql.lua: AUTHORIZATION, when set, is
-- sent as the Authorization header (Vidra's bearer token).
--   GQL_FILE       path to a .graphql document taking a $projectId variable
--   PROJECT_IDS    comma-separated UUIDs
--   GQL_PATH       endpoint path (default /graphql)
--   AUTHORIZATION  e.g. "Bearer eyJ..." (optional)
local ids = {}
for id in string.gmatch(os.getenv("PROJECT_IDS") or "", "[^,]+") do ids[#ids + 1] = id end
assert(#ids > 0, "PROJECT_IDS is empty")
local f = assert(io.open(assert(os.getenv("GQL_FILE"), "GQL_FILE not set"), "r"))
local query = f:read("*a")
f:close()
local path = os.getenv("GQL_PATH") or "/graphql"
local auth = os.getenv("AUTHORIZATION") or ""

local function json_string(s)
  s = s:gsub('\\', '\\\\'):gsub('"', '\\"'):gsub('\n', '\\n'):gsub('\t', '\\t'):gsub('\r', '')
  return '"' .. s .. '"'
end

local counter = 1
local thread_no = 0
function setup(thread)
  thread_no = thread_no + 1
  thread:set("tid", thread_no)
end

local reqs = {}
function init(args)
  counter = (tonumber(tid) or 1)
  local headers = { ["Content-Type"] = "application/json", ["Accept"] = "application/json" }
  if auth ~= "" then headers["Authorization"] = auth end
  for i, id in ipairs(ids) do
    local body = '{"query":' .. json_string(query) .. ',"variables":{"projectId":"' .. id .. '"}}'
    reqs[i] = wrk.format("POST", path, headers, body)
  end
end

function request()
  counter = counter + 1
  return reqs[(counter % #reqs) + 1]
end
