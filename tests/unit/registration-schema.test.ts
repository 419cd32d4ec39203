import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { type ZodTypeAny } from "zod";
import { addDays } from "~/modules/calendar/week";
import {
  addressSchema,
  isValidBirthday,
  messageSchema,
  normalizePhone,
  personalSchema as personalSchemaOn,
} from "~/modules/registrations/schema";

// The schemas are used through conform's parseWithZod on a FormData, in the
// browser and on the server alike, so the tests go the same way: empty
// fields arrive as missing, every value is a string.

const E = (key: string) => `registration.errors.${key}`;

function formData(values: Record<string, string | undefined>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) fd.append(k, v);
  return fd;
}

function parse(schema: ZodTypeAny, values: Record<string, string | undefined>) {
  return parseWithZod(formData(values), { schema });
}

/** Field name → its messages; {} when the values are valid. */
function errorsOf(schema: ZodTypeAny, values: Record<string, string | undefined>): Record<string, string[]> {
  const s = parse(schema, values);
  if (s.status === "success") return {};
  return (s.error ?? {}) as Record<string, string[]>;
}

/** The message the page shows next to the field: the first one. */
function firstError(schema: ZodTypeAny, values: Record<string, string | undefined>, field: string) {
  return errorsOf(schema, values)[field]?.[0];
}

function valueOf<T = Record<string, unknown>>(schema: ZodTypeAny, values: Record<string, string | undefined>): T {
  const s = parse(schema, values);
  if (s.status !== "success") throw new Error(`Expected valid values, got ${JSON.stringify(s.error)}`);
  return s.value as T;
}

// The school's date the schema is given (the server's schoolToday, the page's loader in the browser).
const TODAY = "2026-03-15";
const personalSchema = personalSchemaOn(TODAY);

const ADULT = {
  first_name: "Ana",
  middle_name: "María",
  last_name: "Pérez",
  second_last_name: "Gómez",
  id_number: "1234567890",
  birthday: "1990-05-17",
  phone_number: "3001234567",
  email: "ana@example.com",
  age_category: "adults",
};

const KID = {
  ...ADULT,
  age_category: "kids",
  birthday: "2016-03-01",
  emergency_contact_name: "Marta Gómez",
  emergency_contact_phone: "3109876543",
  emergency_contact_relationship: "Mother",
};

describe("personalSchema: a complete entry", () => {
  it("accepts a complete adult and a complete kid", () => {
    expect(errorsOf(personalSchema, ADULT)).toEqual({});
    expect(errorsOf(personalSchema, KID)).toEqual({});
  });

  it("reports every required field when the form is empty", () => {
    const errors = errorsOf(personalSchema, {});
    expect(errors).toMatchObject({
      first_name: [E("firstName")],
      middle_name: [E("middleName")],
      last_name: [E("lastName")],
      second_last_name: [E("secondLastName")],
      id_number: [E("idNumber")],
      birthday: [E("birthday")],
      phone_number: [E("phone")],
      email: [E("emailRequired")],
      age_category: [E("ageCategory")],
    });
  });

  it("whitespace only is empty", () => {
    expect(firstError(personalSchema, { ...ADULT, first_name: "   " }, "first_name")).toBe(E("firstName"));
  });

  it("an unknown age category", () => {
    expect(firstError(personalSchema, { ...ADULT, age_category: "teens" }, "age_category")).toBe(E("ageCategory"));
  });

  it("a name over 60 characters is too long; 60 is fine", () => {
    expect(firstError(personalSchema, { ...ADULT, last_name: "x".repeat(61) }, "last_name")).toBe(E("tooLong"));
    expect(errorsOf(personalSchema, { ...ADULT, last_name: "x".repeat(60) })).toEqual({});
  });
});

describe("personalSchema: id_number, 10 to 13 characters", () => {
  const id = (id_number: string) => errorsOf(personalSchema, { ...ADULT, id_number }).id_number;

  it("9 characters: the minimum message", () => {
    expect(id("123456789")).toEqual([E("idNumberMin")]);
  });

  it("10 and 13 characters: valid", () => {
    expect(id("1234567890")).toBeUndefined();
    expect(id("ABC-123456789")).toBeUndefined();
    expect("ABC-123456789").toHaveLength(13);
  });

  it("14 characters: the maximum message", () => {
    expect(id("12345678901234")).toEqual([E("idNumberMax")]);
  });

  it("empty: required", () => {
    expect(id("")).toEqual([E("idNumber")]);
  });

  it("surrounding spaces do not count", () => {
    expect(id("  1234567890  ")).toBeUndefined();
    expect(valueOf<{ id_number: string }>(personalSchema, { ...ADULT, id_number: " 1234567890 " }).id_number).toBe(
      "1234567890",
    );
  });

  it("only letters, digits and dashes", () => {
    expect(id("12345 67890")).toEqual([E("idNumberChars")]);
    expect(id("12345_67890")).toEqual([E("idNumberChars")]);
  });
});

describe("personalSchema: phone_number, 10 to 15 digits", () => {
  const phone = (phone_number: string) => errorsOf(personalSchema, { ...ADULT, phone_number }).phone_number;

  it("9 digits: the minimum message", () => {
    expect(phone("300123456")).toEqual([E("phoneMin")]);
  });

  it("10 and 15 digits: valid", () => {
    expect(phone("3001234567")).toBeUndefined();
    expect(phone("300123456789012")).toBeUndefined();
  });

  it("16 digits: the maximum message", () => {
    expect(phone("3001234567890123")).toEqual([E("phoneMax")]);
  });

  it("spaces and dashes are allowed and do not count as digits", () => {
    expect(phone("300 123-4567")).toBeUndefined();
    expect(phone("300 123-456")).toEqual([E("phoneMin")]);
    expect(phone("300-123-456-789-012")).toBeUndefined(); // 15 digits
    expect(phone("300-123-456-789-0123")).toEqual([E("phoneMax")]); // 16 digits
    expect(
      valueOf<{ phone_number: string }>(personalSchema, { ...ADULT, phone_number: "300 123-4567" }).phone_number,
    ).toBe("3001234567");
  });

  it("a leading + does not count as a digit", () => {
    expect(phone("+300123456")).toEqual([E("phoneMin")]);
    expect(phone("+573001234567")).toBeUndefined();
  });

  it("letters are refused", () => {
    expect(phone("300123456a")).toEqual([E("phoneDigits")]);
  });

  it("empty: required", () => {
    expect(phone("")).toEqual([E("phone")]);
  });

  it("normalizePhone keeps the digits (and +)", () => {
    expect(normalizePhone("(300) 123-45.67")).toBe("3001234567");
  });
});

describe("personalSchema: email", () => {
  const email = (value: string) => firstError(personalSchema, { ...ADULT, email: value }, "email");
  const all = (value: string) => errorsOf(personalSchema, { ...ADULT, email: value }).email ?? [];

  it('"" → Email is required', () => {
    expect(email("")).toBe(E("emailRequired"));
  });

  it('"abc" and "a b@c.d" → must contain @ and .', () => {
    expect(email("abc")).toBe(E("emailShape"));
    expect(email("a b@c.d")).toBe(E("emailShape"));
    expect(all("abc")).not.toContain(E("emailInvalid"));
    expect(all("a b@c.d")).not.toContain(E("emailInvalid"));
  });

  it("other shapes without @ or . in place", () => {
    expect(email("abc@example")).toBe(E("emailShape"));
    expect(email("@example.com")).toBe(E("emailShape"));
    expect(email("abc.example.com")).toBe(E("emailShape"));
  });

  it('"a@@@b.com" and "a..b@c.com" → Invalid email format', () => {
    expect(email("a@@@b.com")).toBe(E("emailInvalid"));
    expect(email("a..b@c.com")).toBe(E("emailInvalid"));
    expect(email("a@c..com")).toBe(E("emailInvalid"));
  });

  it('"A@B.com" is valid and stored lower-cased', () => {
    expect(email("A@B.com")).toBeUndefined();
    expect(valueOf<{ email: string }>(personalSchema, { ...ADULT, email: "A@B.com" }).email).toBe("a@b.com");
  });
});

describe("personalSchema: birthday", () => {
  const birthday = (value: string) => errorsOf(personalSchema, { ...ADULT, birthday: value }).birthday;

  it('"2026-02-30" does not exist → Select a valid date', () => {
    expect(birthday("2026-02-30")).toEqual([E("birthdayInvalid")]);
  });

  it('"not-a-date" → Select a valid date', () => {
    expect(birthday("not-a-date")).toEqual([E("birthdayInvalid")]);
  });

  it("a future date → Select a valid date; the school's today is not in the future", () => {
    expect(birthday(addDays(TODAY, 1))).toEqual([E("birthdayInvalid")]);
    expect(birthday(addDays(TODAY, 400))).toEqual([E("birthdayInvalid")]);
    expect(birthday(TODAY)).toBeUndefined();
    // The date given is the one compared with, whatever the machine's clock says.
    expect(
      errorsOf(personalSchemaOn(addDays(TODAY, 1)), { ...ADULT, birthday: addDays(TODAY, 1) }).birthday,
    ).toBeUndefined();
  });

  it("empty → The birthdate is required", () => {
    expect(birthday("")).toEqual([E("birthday")]);
  });

  it("a real past date and 29 February of a leap year are valid", () => {
    expect(birthday("2016-02-29")).toBeUndefined();
    expect(birthday("2015-02-29")).toEqual([E("birthdayInvalid")]);
  });

  it("isValidBirthday: today is valid, tomorrow is not", () => {
    const today = "2026-03-15";
    expect(isValidBirthday("2026-03-15", today)).toBe(true);
    expect(isValidBirthday("2026-03-16", today)).toBe(false);
    expect(isValidBirthday("1899-12-31", today)).toBe(false);
    expect(isValidBirthday("2026-3-5", today)).toBe(false);
  });
});

describe("personalSchema: kids' emergency contact", () => {
  const noContact = {
    ...KID,
    emergency_contact_name: "",
    emergency_contact_phone: "",
    emergency_contact_relationship: "",
  };

  it("a kid without emergency contact gets the three messages", () => {
    const errors = errorsOf(personalSchema, noContact);
    expect(errors.emergency_contact_name).toEqual([E("emergencyName")]);
    expect(errors.emergency_contact_phone).toEqual([E("emergencyPhone")]);
    expect(errors.emergency_contact_relationship).toEqual([E("emergencyRelationship")]);
  });

  it("they are reported together with the other fields' errors", () => {
    const errors = errorsOf(personalSchema, { ...noContact, first_name: "", id_number: "123", email: "abc" });
    expect(errors).toMatchObject({
      first_name: [E("firstName")],
      id_number: [E("idNumberMin")],
      email: [E("emailShape")],
      emergency_contact_name: [E("emergencyName")],
      emergency_contact_phone: [E("emergencyPhone")],
      emergency_contact_relationship: [E("emergencyRelationship")],
    });
  });

  it("the emergency phone must differ from the student's phone", () => {
    expect(
      errorsOf(personalSchema, { ...KID, emergency_contact_phone: KID.phone_number }).emergency_contact_phone,
    ).toEqual([E("emergencyPhoneSame")]);
  });

  it("also when the same number is written differently", () => {
    const errors = errorsOf(personalSchema, {
      ...KID,
      phone_number: "300 123 4567",
      emergency_contact_phone: "300-123-4567",
    });
    expect(errors.emergency_contact_phone).toEqual([E("emergencyPhoneSame")]);
    expect(errors.phone_number).toBeUndefined();
    expect(
      errorsOf(personalSchema, { ...KID, phone_number: "+3001234567", emergency_contact_phone: "(300) 1234567" })
        .emergency_contact_phone,
    ).toEqual([E("emergencyPhoneSame")]);
  });

  it("the emergency phone follows the phone rules", () => {
    const phone = (emergency_contact_phone: string) =>
      errorsOf(personalSchema, { ...KID, emergency_contact_phone }).emergency_contact_phone;
    expect(phone("310987654")).toEqual([E("phoneMin")]);
    expect(phone("3109876543210987")).toEqual([E("phoneMax")]);
    expect(phone("31098x6543")).toEqual([E("phoneDigits")]);
    expect(phone("310 987-6543")).toBeUndefined();
  });

  it("a kid's emergency phone is stored normalized", () => {
    const value = valueOf<{ emergency_contact_phone: string }>(personalSchema, {
      ...KID,
      emergency_contact_phone: "310 987-6543",
    });
    expect(value.emergency_contact_phone).toBe("3109876543");
  });

  it("adults need no emergency contact, and what they typed there is dropped", () => {
    expect(errorsOf(personalSchema, { ...ADULT })).toEqual({});
    const value = valueOf<Record<string, unknown>>(personalSchema, {
      ...ADULT,
      emergency_contact_name: "Someone",
      emergency_contact_phone: ADULT.phone_number,
      emergency_contact_relationship: "Friend",
    });
    expect(value.emergency_contact_name).toBeUndefined();
    expect(value.emergency_contact_phone).toBeUndefined();
    expect(value.emergency_contact_relationship).toBeUndefined();
    expect(value.age_category).toBe("adults");
  });
});

const ADDRESS = {
  address: "Calle 1 # 2-3",
  level: "A1",
  schedule: "MON-WED-09-11",
  same_billing: "yes",
};

describe("addressSchema", () => {
  it("accepts a complete step", () => {
    expect(errorsOf(addressSchema("adults"), ADDRESS)).toEqual({});
  });

  it("reports the required fields", () => {
    expect(errorsOf(addressSchema("adults"), {})).toMatchObject({
      address: [E("address")],
      level: [E("level")],
      schedule: [E("schedule")],
      same_billing: [E("billing")],
    });
  });

  it("a level of the other age category → levelInvalid", () => {
    expect(firstError(addressSchema("adults"), { ...ADDRESS, level: "A1.1" }, "level")).toBe(E("levelInvalid"));
    expect(firstError(addressSchema("adults"), { ...ADDRESS, level: "A11" }, "level")).toBe(E("levelInvalid"));
    expect(firstError(addressSchema("kids"), { ...ADDRESS, level: "B2 First" }, "level")).toBe(E("levelInvalid"));
    expect(firstError(addressSchema("kids"), { ...ADDRESS, level: "A1" }, "level")).toBe(E("levelInvalid"));
    expect(firstError(addressSchema("kids"), { ...ADDRESS, level: "C2" }, "level")).toBe(E("levelInvalid"));
  });

  it("a level by full name or short name is accepted", () => {
    expect(errorsOf(addressSchema("kids"), { ...ADDRESS, level: "A1.1" })).toEqual({});
    expect(errorsOf(addressSchema("kids"), { ...ADDRESS, level: "A11" })).toEqual({});
    expect(errorsOf(addressSchema("kids"), { ...ADDRESS, level: "a11" })).toEqual({});
    expect(errorsOf(addressSchema("adults"), { ...ADDRESS, level: "B2 First" })).toEqual({});
    expect(errorsOf(addressSchema("adults"), { ...ADDRESS, level: "B2F" })).toEqual({});
    expect(errorsOf(addressSchema("adults"), { ...ADDRESS, level: "Pre-A1" })).toEqual({});
  });

  it("billing_address is required only when same_billing is no", () => {
    expect(firstError(addressSchema("adults"), { ...ADDRESS, same_billing: "no" }, "billing_address")).toBe(
      E("billingAddress"),
    );
    expect(
      firstError(
        addressSchema("adults"),
        { ...ADDRESS, same_billing: "no", billing_address: "   " },
        "billing_address",
      ),
    ).toBe(E("billingAddress"));
    expect(errorsOf(addressSchema("adults"), { ...ADDRESS, same_billing: "no", billing_address: "Carrera 9" })).toEqual(
      {},
    );
    expect(errorsOf(addressSchema("adults"), { ...ADDRESS, same_billing: "yes" })).toEqual({});
  });

  it("a billing address typed with same_billing yes is dropped; with no it is kept", () => {
    expect(
      valueOf<{ billing_address?: string }>(addressSchema("adults"), { ...ADDRESS, billing_address: "Carrera 9" })
        .billing_address,
    ).toBeUndefined();
    expect(
      valueOf<{ billing_address?: string }>(addressSchema("adults"), {
        ...ADDRESS,
        same_billing: "no",
        billing_address: "Carrera 9",
      }).billing_address,
    ).toBe("Carrera 9");
  });

  it("same_billing other than yes/no → billing", () => {
    expect(firstError(addressSchema("adults"), { ...ADDRESS, same_billing: "maybe" }, "same_billing")).toBe(
      E("billing"),
    );
  });

  it("an unknown schedule → schedule", () => {
    expect(firstError(addressSchema("adults"), { ...ADDRESS, schedule: "SUN-01-02" }, "schedule")).toBe(E("schedule"));
    expect(errorsOf(addressSchema("adults"), { ...ADDRESS, schedule: "SAT-14-18" })).toEqual({});
    expect(errorsOf(addressSchema("adults"), { ...ADDRESS, schedule: "FRI-INTENSIVE-09-13" })).toEqual({});
  });

  it("optional where_hear_about_us and promotion take only their values", () => {
    expect(errorsOf(addressSchema("adults"), { ...ADDRESS, where_hear_about_us: "friend", promotion: "2x1" })).toEqual(
      {},
    );
    expect(
      errorsOf(addressSchema("adults"), { ...ADDRESS, where_hear_about_us: "tv" }).where_hear_about_us,
    ).toBeDefined();
    expect(errorsOf(addressSchema("adults"), { ...ADDRESS, promotion: "free" }).promotion).toBeDefined();
  });

  it("over-long text → tooLong", () => {
    expect(firstError(addressSchema("adults"), { ...ADDRESS, address: "x".repeat(201) }, "address")).toBe(E("tooLong"));
    expect(errorsOf(addressSchema("adults"), { ...ADDRESS, address: "x".repeat(200) })).toEqual({});
    expect(
      firstError(
        addressSchema("adults"),
        { ...ADDRESS, same_billing: "no", billing_address: "x".repeat(201) },
        "billing_address",
      ),
    ).toBe(E("tooLong"));
    expect(firstError(addressSchema("adults"), { ...ADDRESS, level: "x".repeat(41) }, "level")).toBe(E("tooLong"));
  });
});

describe("messageSchema", () => {
  it("the message is optional; the terms must be accepted", () => {
    expect(errorsOf(messageSchema, { accepted_terms: "on" })).toEqual({});
    expect(errorsOf(messageSchema, { message: "Hello", accepted_terms: "on" })).toEqual({});
  });

  it("accepted_terms missing → terms", () => {
    expect(errorsOf(messageSchema, { message: "Hello" })).toEqual({ accepted_terms: [E("terms")] });
    expect(firstError(messageSchema, { accepted_terms: "off" }, "accepted_terms")).toBe(E("terms"));
  });

  it("over-long message → tooLong; 1000 characters is fine", () => {
    expect(firstError(messageSchema, { message: "x".repeat(1001), accepted_terms: "on" }, "message")).toBe(
      E("tooLong"),
    );
    expect(errorsOf(messageSchema, { message: "x".repeat(1000), accepted_terms: "on" })).toEqual({});
  });
});
