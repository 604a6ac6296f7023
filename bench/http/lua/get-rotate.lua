-- wrk script: GET a path template, rotating the project id per request.
-- Adapted from ../shared/bench-anchors/lua/get-rotate.lua: AUTHORIZATION, when set,
-- is sent as the Authorization header (Vidra's bearer token).
--   PATH_TEMPLATE  e.g. "/videos?project_id=%s"  (%s -> project id)
--   PROJECT_IDS    comma-separated UUIDs
--   AUTHORIZATION  e.g. "Bearer eyJ..." (optional)
-- Each thread starts at a different offset so both threads hit all projects.
local ids = {}
for id in string.gmatch(os.getenv("PROJECT_IDS") or "", "[^,]+") do ids[#ids + 1] = id end
assert(#ids > 0, "PROJECT_IDS is empty")
local tmpl = assert(os.getenv("PATH_TEMPLATE"), "PATH_TEMPLATE not set")
local auth = os.getenv("AUTHORIZATION") or ""

local counter = 1
local thread_no = 0
function setup(thread)
  thread_no = thread_no + 1
  thread:set("tid", thread_no)
end

local reqs = {}
function init(args)
  counter = (tonumber(tid) or 1)
  local headers = {}
  if auth ~= "" then headers["Authorization"] = auth end
  for i, id in ipairs(ids) do
    reqs[i] = wrk.format("GET", string.format(tmpl, id), headers)
  end
end

function request()
  counter = counter + 1
  return reqs[(counter % #reqs) + 1]
end
