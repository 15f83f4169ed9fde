import { describe, expect, it } from "vitest";
import { readCollapsed, writeCollapsed } from "./storage";

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

const unavailableStorage = {
  getItem() {
    throw new DOMException("denied", "SecurityError");
  },
  setItem() {
    throw new DOMException("full", "QuotaExceededError");
  },
} as unknown as Storage;

describe("the Collapsed key", () => {
  it("reads back what was written", () => {
    const storage = memoryStorage();
    expect(readCollapsed(storage)).toBeUndefined();
    writeCollapsed(true, storage);
    expect(storage.getItem("Collapsed")).toBe("true");
    expect(readCollapsed(storage)).toBe(true);
    writeCollapsed(false, storage);
    expect(readCollapsed(storage)).toBe(false);
  });

  it("ignores a value it did not write", () => {
    const storage = memoryStorage();
    storage.setItem("Collapsed", "yes");
    expect(readCollapsed(storage)).toBeUndefined();
  });

  it("forgets quietly when storage is unavailable", () => {
    expect(readCollapsed(unavailableStorage)).toBeUndefined();
    expect(() => writeCollapsed(true, unavailableStorage)).not.toThrow();
  });
});
