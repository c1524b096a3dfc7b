-- Error recovery through luaD_throw's longjmp, across many C frames that
-- the plugin measures: pcall/error deep in recursion, string and table
-- errors, xpcall handlers, errors inside coroutines, yields across pcall.
-- Prints only deterministic results, so a plain and an instrumented Lua
-- must print the same.

-- No collection cycles: their timing follows the allocated bytes, which a
-- hash-table layout (keyed by addresses, different in the -O0 and -O2
-- binaries) can shift, and with them the counts of the GC's functions.
collectgarbage("stop")
local function deep(n, what)
  if n == 0 then error(what, 0) end
  return 1 + deep(n - 1, what)
end

local caught = 0
for depth = 0, 120, 8 do
  local ok, err = pcall(deep, depth, "boom at " .. depth)
  assert(not ok)
  caught = caught + 1
  if depth % 40 == 0 then print(err) end
end
print("caught", caught)

-- An error object, rethrown through nested pcalls.
local obj = {code = 42}
local ok, e = pcall(function()
  local ok2, e2 = pcall(deep, 30, obj)
  assert(not ok2 and e2 == obj)
  error(e2)
end)
print("rethrown", ok, e.code)

-- Runtime errors raised by the VM itself (not by error()).
print(pcall(function() return 1 + nil end))
print(pcall(function() local t = nil; return t.x end))
print(select("#", pcall(string.rep)))

-- xpcall with a message handler that itself calls library functions.
print(xpcall(deep, function(m) return "handled: " .. string.upper(m) end, 20, "deep"))

-- Errors in the handler: the error-in-error path (LUA_ERRERR).
print(xpcall(deep, function(m) error("again") end, 5, "x"))

-- C stack overflow (an __index function indexing itself: Lua -> C -> Lua
-- ~200 levels deep), caught by pcall.
local loop = setmetatable({}, {__index = function(t, k) return t[k] end})
local ok3, e3 = pcall(function() return loop.x end)
print("overflow", ok3, (string.find(e3, "stack overflow", 1, true)) ~= nil)

-- Coroutines: each has its own C stack of setjmp's; yields, errors
-- inside a coroutine, errors after yielding, wrap rethrowing.
local gen = coroutine.wrap(function()
  for i = 1, 5 do coroutine.yield(i * i) end
end)
local s = 0
for _ = 1, 5 do s = s + gen() end
print("squares", s)

local co = coroutine.create(function(a)
  local b = coroutine.yield(a + 1)
  local ok4, e4 = pcall(deep, 10, "inside")
  coroutine.yield(ok4, e4)
  error("dead " .. b)
end)
print(coroutine.resume(co, 1))
print(coroutine.resume(co, 7))
print(coroutine.resume(co))
print(coroutine.status(co), coroutine.resume(co))

-- Yield across pcall (lua_pcallk continuation), then an error.
local co2 = coroutine.create(function()
  local ok5, e5 = pcall(function()
    coroutine.yield("in pcall")
    deep(15, "after yield")
  end)
  return ok5, e5
end)
print(coroutine.resume(co2))
print(coroutine.resume(co2))

-- coroutine.wrap propagates the error to the caller.
print(pcall(coroutine.wrap(function() deep(12, "wrapped") end)))

-- Many small errors: the per-thread stack recovers every time.
local n = 0
for i = 1, 300 do
  if not pcall(error, i) then n = n + 1 end
end
print("small", n)

-- Close a coroutine with pending to-be-closed variables (lua_closethread).
local co3 = coroutine.create(function()
  local x <close> = setmetatable({}, {__close = function() print("closed") end})
  coroutine.yield(1)
end)
coroutine.resume(co3)
print(coroutine.close(co3))

-- An error that escapes to the top: lua.c reports it and exits 1.
if arg[1] == "uncaught" then deep(25, "uncaught") end
print("done")
