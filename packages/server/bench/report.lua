-- wrk script of the server bench (wrk -s report.lua <url> -- <path> <path> …).
-- request(): rotates through the paths given after `--` (the url's own path when none), with
-- the headers of wrk's -H options. done(): one line `WRK_JSON {…}` that bench/wrk.mjs reads.
-- With SORTIE_WRK_STATUSES=1, response() also counts the answers by status and keeps the
-- first answer outside 2xx/3xx (wrk then hands every answer to Lua: only for slow routes).
local requests = {}
local index = 0
local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function init(args)
  for _, path in ipairs(args) do
    requests[#requests + 1] = wrk.format(nil, path)
  end
  if #requests == 0 then
    requests[1] = wrk.format(nil, wrk.path)
  end
end

function request()
  index = index % #requests + 1
  return requests[index]
end

if os.getenv('SORTIE_WRK_STATUSES') == '1' then
  statuses = {}
  firstError = nil
  function response(status, _headers, body)
    local key = tostring(status)
    statuses[key] = (statuses[key] or 0) + 1
    if firstError == nil and (status < 200 or status >= 400) then
      firstError = key .. ' ' .. string.sub(body or '', 1, 300)
    end
  end
end

local function json_string(text)
  return '"' .. string.gsub(text, '[%c"\\]', function(c)
    return string.format('\\u%04x', string.byte(c))
  end) .. '"'
end

local function ms(us)
  return string.format('%.3f', us / 1000)
end

function done(summary, latency, _requests)
  local e = summary.errors
  io.write('\nWRK_JSON {',
    '"requests":', string.format('%.0f', summary.requests), ',',
    '"durationUs":', string.format('%.0f', summary.duration), ',',
    '"bytes":', string.format('%.0f', summary.bytes), ',',
    '"errors":{"connect":', e.connect, ',"read":', e.read, ',"write":', e.write,
    ',"status":', e.status, ',"timeout":', e.timeout, '},',
    '"latencyMs":{"p50":', ms(latency:percentile(50)), ',"p90":', ms(latency:percentile(90)),
    ',"p95":', ms(latency:percentile(95)), ',"p99":', ms(latency:percentile(99)),
    ',"max":', ms(latency.max), ',"mean":', ms(latency.mean), '}')
  local counted = {}
  local sample = nil
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get('statuses') or {}) do
      counted[status] = (counted[status] or 0) + n
    end
    sample = sample or thread:get('firstError')
  end
  local parts = {}
  for status, n in pairs(counted) do
    parts[#parts + 1] = '"' .. status .. '":' .. string.format('%.0f', n)
  end
  if #parts > 0 then
    io.write(',"statuses":{', table.concat(parts, ','), '}')
  end
  if sample then
    io.write(',"firstError":', json_string(sample))
  end
  io.write('}\n')
end
