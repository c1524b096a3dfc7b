-- The whole-program benchmark's workload (bench/whole.py): a fixed amount
-- of interpreter work, the same output every run: recursion (many small
-- calls in the interpreter's C), tables, sorting, strings.
local function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end
local rounds = tonumber(arg and arg[1]) or 1
local acc = 0
for _ = 1, rounds do
  acc = acc + fib(22)
  local t = {}
  for i = 1, 20000 do t[i] = (i * 7919) % 10007 end
  table.sort(t)
  local parts = {}
  for i = 1, 2000 do parts[#parts + 1] = string.format("%d:%d", i, t[i]) end
  acc = acc + #table.concat(parts, ",")
end
print(acc)
